import { englishOf } from '../../contract/english';
import { setName } from '../../contract/rules/text';
import type { GroupCreate, GroupPatch } from '../../contract/schemas/group-schemas';
import type { AccountRow } from '../accounts/accounts-repository';
import { recordAudit } from '../audit/audit-log';
import type { ArtifactStore } from '../builds/artifact-store';
import { requeue, upgradeInTx } from '../builds/build-service';
import { listBuilds, listLiveGroupBuilds, markBuildsRemoved } from '../builds/builds-repository';
import { jobSpecResolver } from '../builds/job-spec';
import { newerReleaseFinder } from '../builds/release-choice';
import { releaseArtifacts, sweepOrphanArtifacts } from '../builds/reuse';
import type { Db } from '../platform/db/client';
import { isUniqueViolation } from '../platform/db/db-errors';
import { notFound } from '../platform/http/http-errors';
import { invalid } from '../platform/http/validation-errors';
import { checkLogo, checkSshKeys } from './set-items';
import {
  type FirmwareGroupRow,
  findGroup,
  type GroupChanges,
  groupNameTaken,
  insertGroup,
  lockGroup,
  markGroupRemoved,
  recountGroup,
  updateGroup,
} from './sets-repository';

export const NAME_EXISTS = 'Name already exists';
async function checkName(db: Db, ownerId: number, raw: string, exceptId?: number): Promise<string> {
  const name = raw.trim();
  const issue = englishOf(setName(name));
  if (issue) throw invalid(['body', 'name'], issue);
  if (await groupNameTaken(db, ownerId, name, exceptId)) throw invalid(['body', 'name'], NAME_EXISTS);
  return name;
}

/** Two saves racing for one name: the partial unique index decides, answered like the check above. */
async function guardName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'firmware_groups_user_name_unique'))
      throw invalid(['body', 'name'], NAME_EXISTS);
    throw error;
  }
}

/** A set that is not removed; with `userId`, only that account's. */
export async function liveGroup(db: Db, id: number, userId?: number): Promise<FirmwareGroupRow> {
  const group = await findGroup(db, id, userId);
  if (!group || group.is_removed) throw notFound('Set not found');
  return group;
}

export async function createGroup(db: Db, owner: AccountRow, body: GroupCreate): Promise<FirmwareGroupRow> {
  const name = await checkName(db, owner.id, body.name);
  const logo_id = await checkLogo(db, owner.id, body.logo_id ?? 1);
  const ssh_keys = await checkSshKeys(db, owner.id, body.ssh_keys ?? []);
  return guardName(() =>
    insertGroup(db, {
      user_id: owner.id,
      name,
      description: body.description?.trim() ?? '',
      logo_id,
      ssh_keys,
      is_favorite: body.is_favorite ?? false,
    }),
  );
}

async function rebuildAllInTx(db: Db, groupId: number): Promise<void> {
  const resolve = jobSpecResolver(db);
  for (const build of await listLiveGroupBuilds(db, groupId)) await requeue(db, build, {}, resolve);
}

/** PATCH: the set's fields; `force_rebuild` rebuilds every build of the set in the same transaction. */
export async function editGroup(
  db: Db,
  group: FirmwareGroupRow,
  body: GroupPatch,
): Promise<FirmwareGroupRow> {
  const changes: GroupChanges = {};
  if (body.name !== undefined) changes.name = await checkName(db, group.user_id, body.name, group.id);
  if (body.description !== undefined) changes.description = body.description.trim();
  if (body.logo_id !== undefined)
    changes.logo_id = await checkLogo(db, group.user_id, body.logo_id, group.logo_id);
  if (body.ssh_keys !== undefined) changes.ssh_keys = await checkSshKeys(db, group.user_id, body.ssh_keys);
  if (body.is_favorite !== undefined) changes.is_favorite = body.is_favorite;
  return guardName(() =>
    db.transaction(async (tx) => {
      await lockGroup(tx, group.id);
      if (body.force_rebuild) {
        await rebuildAllInTx(tx, group.id);
        await recountGroup(tx, group.id);
      }
      return updateGroup(tx, group.id, changes);
    }),
  );
}

export async function rebuildGroup(db: Db, group: FirmwareGroupRow): Promise<void> {
  await db.transaction(async (tx) => {
    await lockGroup(tx, group.id);
    await rebuildAllInTx(tx, group.id);
    await recountGroup(tx, group.id);
  });
}

/** Every build to its newest release (see upgradeBuild); builds on it already are left alone. */
export async function upgradeGroup(db: Db, owner: AccountRow, group: FirmwareGroupRow): Promise<number> {
  return db.transaction(async (tx) => {
    await lockGroup(tx, group.id);
    let upgraded = 0;
    const resolve = jobSpecResolver(tx);
    const findNewer = newerReleaseFinder(tx, owner);
    for (const build of await listLiveGroupBuilds(tx, group.id)) {
      if (await upgradeInTx(tx, owner, build, resolve, findNewer)) upgraded += 1;
    }
    await recountGroup(tx, group.id);
    return upgraded;
  });
}

/**
 * Soft-removes the set and its builds; `fullClean` also deletes every artifact of the set. `actorId`: an
 * admin's removal, recorded in the audit log in the same transaction.
 */
export async function removeGroup(
  db: Db,
  artifacts: ArtifactStore,
  group: FirmwareGroupRow,
  fullClean: boolean,
  actorId?: number,
) {
  const all = await db.transaction(async (tx) => {
    await lockGroup(tx, group.id);
    const builds = await listBuilds(tx, { groupId: group.id, includeRemoved: true });
    await markGroupRemoved(tx, group.id);
    await markBuildsRemoved(
      tx,
      builds.filter((build) => !build.is_removed || fullClean).map((build) => build.id),
      fullClean,
    );
    await recountGroup(tx, group.id);
    if (actorId !== undefined) {
      await recordAudit(tx, {
        actorId,
        action: 'set.remove',
        objectType: 'set',
        objectId: group.id,
        before: {
          name: group.name,
          user_id: group.user_id,
          builds: builds.filter((b) => !b.is_removed).length,
        },
        after: { is_removed: true, full_clean: fullClean },
      });
    }
    return builds;
  });
  if (fullClean) {
    // Issue 16: each stored content goes with its last build; orphans of earlier rebuilds go too.
    await releaseArtifacts(db, artifacts, all);
    await sweepOrphanArtifacts(db, artifacts);
  }
}
