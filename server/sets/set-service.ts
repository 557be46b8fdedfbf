import { englishOf } from '../../contract/english';
import { setName } from '../../contract/rules/text';
import type { SetCreate, SetPatch, UpgradePreview } from '../../contract/schemas/set-schemas';
import type { AccountRow } from '../accounts/accounts-repository';
import { purgeUnusedLogos } from '../accounts/logo-purge';
import type { ArtifactStore } from '../builds/artifacts/artifact-store';
import { releaseArtifacts, sweepOrphanArtifacts } from '../builds/artifacts/reuse';
import { requeue, upgradeInTx } from '../builds/build-service';
import { listBuilds, listLiveSetBuilds, markBuildsRemoved } from '../builds/builds-repository';
import { jobSpecResolver } from '../builds/input/job-spec';
import { newerReleaseFinder } from '../builds/input/release-choice';
import type { Db } from '../platform/db/client';
import { isUniqueViolation } from '../platform/db/db-errors';
import { notFound } from '../platform/http/http-errors';
import { invalid } from '../platform/http/validation-errors';
import type { LogoStore } from '../platform/storage/logo-store';
import { withinQueueLimits } from '../queue/queue-limits';
import { assertBuildable } from '../releases/buildable-release';
import { changeSetBuilds } from './set-builds-change';
import { checkLogo, checkSshKeys } from './set-items';
import { auditSetRemoval, markRemovedWithSet } from './set-restore';
import {
  type BuildSetRow,
  findSet,
  insertSet,
  lockSet,
  markSetRemoved,
  recountSet,
  type SetChanges,
  setNameTaken,
  updateSet,
} from './sets-repository';

export const NAME_EXISTS = 'Name already exists';
async function checkName(db: Db, ownerId: number, raw: string, exceptId?: number): Promise<string> {
  const name = raw.trim();
  const issue = englishOf(setName(name));
  if (issue) throw invalid(['body', 'name'], issue);
  if (await setNameTaken(db, ownerId, name, exceptId)) throw invalid(['body', 'name'], NAME_EXISTS);
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
export async function liveSet(db: Db, id: number, userId?: number): Promise<BuildSetRow> {
  const set = await findSet(db, id, userId);
  if (!set || set.is_removed) throw notFound('Set not found');
  return set;
}

export async function createSet(db: Db, owner: AccountRow, body: SetCreate): Promise<BuildSetRow> {
  const name = await checkName(db, owner.id, body.name);
  const logo_id = await checkLogo(db, owner.id, body.logo_id ?? 1);
  const ssh_keys = await checkSshKeys(db, owner.id, body.ssh_keys ?? []);
  return guardName(() =>
    insertSet(db, {
      user_id: owner.id,
      name,
      description: body.description?.trim() ?? '',
      logo_id,
      ssh_keys,
      is_favorite: body.is_favorite ?? false,
    }),
  );
}

/** Every live build again; none when one of them is on a release that cannot be built from (issue 36). */
async function rebuildAllInTx(db: Db, setId: number): Promise<void> {
  const resolve = jobSpecResolver(db);
  const live = await listLiveSetBuilds(db, setId);
  await assertBuildable(
    db,
    live.map((build) => build.release_id),
  );
  for (const build of live) await requeue(db, build, {}, resolve);
}

/**
 * PATCH: the set's fields; `force_rebuild` rebuilds every build of the set in the same transaction, all or none
 * of them within `by`'s queue limits (queue-limits.ts: a partner's; an admin is not limited).
 */
export async function editSet(
  db: Db,
  set: BuildSetRow,
  body: SetPatch,
  by?: AccountRow,
): Promise<BuildSetRow> {
  const changes: SetChanges = {};
  if (body.name !== undefined) changes.name = await checkName(db, set.user_id, body.name, set.id);
  if (body.description !== undefined) changes.description = body.description.trim();
  if (body.logo_id !== undefined)
    changes.logo_id = await checkLogo(db, set.user_id, body.logo_id, set.logo_id);
  if (body.ssh_keys !== undefined) changes.ssh_keys = await checkSshKeys(db, set.user_id, body.ssh_keys);
  if (body.is_favorite !== undefined) changes.is_favorite = body.is_favorite;
  return guardName(() =>
    db.transaction(async (tx) => {
      await lockSet(tx, set.id);
      if (body.force_rebuild) {
        await withinQueueLimits(tx, by, () => rebuildAllInTx(tx, set.id));
        await recountSet(tx, set.id);
      }
      return updateSet(tx, set.id, changes);
    }),
  );
}

export async function rebuildSet(db: Db, set: BuildSetRow, by?: AccountRow): Promise<void> {
  // Every build queued again, or none when that takes `by` past its queue limits (queue-limits.ts).
  await changeSetBuilds(db, set.id, (tx) => withinQueueLimits(tx, by, () => rebuildAllInTx(tx, set.id)));
}

/**
 * Every build to its newest release (see upgradeBuild); builds on it already are left alone, and so are
 * cancelled ones unless `includeCancelled` (issue 37: someone stopped them).
 */
export async function upgradeSet(
  db: Db,
  owner: AccountRow,
  set: BuildSetRow,
  by?: AccountRow,
  includeCancelled = false,
): Promise<number> {
  return changeSetBuilds(db, set.id, (tx) =>
    withinQueueLimits(tx, by, async () => {
      let upgraded = 0;
      const resolve = jobSpecResolver(tx);
      const findNewer = newerReleaseFinder(tx, owner);
      for (const build of await listLiveSetBuilds(tx, set.id)) {
        if (build.status === 'cancelled' && !includeCancelled) continue;
        if (await upgradeInTx(tx, owner, build, resolve, findNewer)) upgraded += 1;
      }
      return upgraded;
    }),
  );
}

/** What upgradeSet would queue, by the same rule: the "Upgrade all" dialog says it before asking. */
export async function upgradePreview(db: Db, owner: AccountRow, set: BuildSetRow): Promise<UpgradePreview> {
  const findNewer = newerReleaseFinder(db, owner);
  const preview = { builds: 0, cancelled: 0 };
  for (const build of await listLiveSetBuilds(db, set.id)) {
    if (!(await findNewer(build))) continue;
    if (build.status === 'cancelled') preview.cancelled += 1;
    else preview.builds += 1;
  }
  return preview;
}

/**
 * Soft-removes the set and its builds; `fullClean` also deletes every artifact of the set. `actorId`: an
 * admin removing it (recorded in the audit log). The builds it takes are marked, for a restore (issue 17).
 */
export async function removeSet(
  db: Db,
  files: { artifacts: ArtifactStore; logoStore: LogoStore },
  set: BuildSetRow,
  fullClean: boolean,
  actorId?: number,
) {
  const all = await db.transaction(async (tx) => {
    await lockSet(tx, set.id);
    const builds = await listBuilds(tx, { setId: set.id, includeRemoved: true });
    const live = builds.filter((build) => !build.is_removed).map((build) => build.id);
    await markSetRemoved(tx, set.id);
    await markBuildsRemoved(
      tx,
      builds.filter((build) => !build.is_removed || fullClean).map((build) => build.id),
      fullClean,
    );
    await markRemovedWithSet(tx, live);
    await recountSet(tx, set.id);
    if (actorId !== undefined) await auditSetRemoval(tx, actorId, set, live, fullClean);
    return builds;
  });
  // Issue 36: removed logo sets kept for these builds lose their files once none may be built again.
  await purgeUnusedLogos(
    db,
    files.logoStore,
    all.map((build) => build.logo_id),
  );
  const { artifacts } = files;
  if (fullClean) {
    // Issue 16: each stored content goes with its last build; orphans of earlier rebuilds go too.
    await releaseArtifacts(db, artifacts, all);
    await sweepOrphanArtifacts(db, artifacts);
  }
}
