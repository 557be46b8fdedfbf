import { randomUUID } from 'node:crypto';
import { GENERAL_LOGO_ID } from '../../contract/constants';
import { type AccountRow, findAccountById } from '../accounts/accounts-repository';
import { purgeUnusedLogos } from '../accounts/logo-purge';
import { findLogo } from '../accounts/logos-repository';
import { recordAudit } from '../audit/audit-log';
import type { Db } from '../platform/db/client';
import { notFound } from '../platform/http/http-errors';
import { invalid } from '../platform/http/validation-errors';
import type { LogoStore } from '../platform/storage/logo-store';
import { enqueueAgain, enqueueNew, enqueueReused } from '../queue/enqueue';
import { withinQueueLimits } from '../queue/queue-limits';
import { assertBuildable } from '../releases/buildable-release';
import { changeSetBuilds } from '../sets/set-builds-change';
import { lockSet, recountSet } from '../sets/sets-repository';
import type { ArtifactStore } from './artifacts/artifact-store';
import { findReusable, releaseArtifacts, reuseLine, sweepOrphanArtifacts } from './artifacts/reuse';
import { type BuildRow, findBuild, markBuildsRemoved, type NewBuildRow } from './builds-repository';
import { configHashOf } from './input/build-config';
import { type Actors, type BuildInput, type ResolvedBuild, resolveBuildInput } from './input/build-input';
import { type JobSpecResolver, jobSpecResolver, resolveJobSpec } from './input/job-spec';
import type { PoolInput } from './input/pool-rules';
import { type NewerReleaseFinder, newerRelease } from './input/release-choice';

export const ALREADY_NEWEST = 'Already on the newest release';

/** The build's file-friendly name, e.g. `S19-Pro_1.1.0_amlogic_nand`; also the download's file name. */
export const buildName = (b: {
  model: string;
  release_version: string;
  platform: string;
  install_type: string;
}) =>
  [b.model, b.release_version, b.platform, b.install_type]
    .map((part) => part.trim().replace(/\s+/g, '-'))
    .join('_');

function settingsOf(resolved: ResolvedBuild) {
  return {
    group_id: resolved.set.id,
    model: resolved.model,
    series: resolved.series,
    platform: resolved.platform,
    install_type: resolved.install_type,
    release_id: resolved.release.id,
    release_version: resolved.release.version,
    stage: resolved.release.stage,
    license_id: resolved.license_id,
    add_license: resolved.add_license,
    options: resolved.options,
    ssh_keys: resolved.ssh_keys,
    logo_id: resolved.logo_id,
    fee_pools_configs: resolved.fee_pools_configs,
    name: buildName({ ...resolved, release_version: resolved.release.version }),
  };
}

/** Locks the sets (in id order, so two writers never wait on each other) for the counters' sake. */
async function lockSets(db: Db, ids: number[]): Promise<void> {
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) await lockSet(db, id);
}

/** Queues the build again (spec §4: a rebuild marks it as being updated) with its job spec resolved anew. */
export async function requeue(
  db: Db,
  build: BuildRow,
  given: Partial<NewBuildRow> = {},
  resolve: JobSpecResolver = jobSpecResolver(db),
): Promise<BuildRow> {
  // Issue 37: a logo set removed since is not built in again; its removal dialog promised the default logo.
  const logoId = given.logo_id ?? build.logo_id;
  const changes =
    logoId !== GENERAL_LOGO_ID && (await findLogo(db, logoId))?.is_removed
      ? { ...given, logo_id: GENERAL_LOGO_ID }
      : given;
  const job_spec = await resolve({ ...build, ...changes } as BuildRow);
  const config_hash = await configHashOf(job_spec);
  return enqueueAgain(db, build.id, {
    ...changes,
    is_updating: true,
    job_spec: { ...job_spec, config_hash },
    config_hash,
  });
}

/** The account a build or set belongs to (the actor itself on client paths). */
export async function ownerOf(db: Db, actor: AccountRow, userId: number): Promise<AccountRow> {
  if (userId === actor.id) return actor;
  const owner = await findAccountById(db, userId);
  if (!owner) throw notFound('Account not found');
  return owner;
}

/** A build that is not removed; with `userId`, only that account's. */
export async function liveBuild(db: Db, id: number, userId?: number): Promise<BuildRow> {
  const build = await findBuild(db, id, userId);
  if (!build || build.is_removed) throw notFound('Build not found');
  return build;
}

/**
 * POST: a new build in the owner's set, pending; or, given the artifact store, done at once when a done build
 * of the same configuration has its artifact stored (issue 16: served from it, nothing built).
 */
export async function submitBuild(
  db: Db,
  actors: Actors,
  body: BuildInput,
  artifacts?: ArtifactStore,
): Promise<BuildRow> {
  const resolved = await resolveBuildInput(db, actors, body);
  const values = { ...settingsOf(resolved), user_id: actors.owner.id, uuid: randomUUID(), warranty: false };
  const job_spec = await resolveJobSpec(db, values);
  const config_hash = await configHashOf(job_spec);
  return changeSetBuilds(db, resolved.set.id, (tx) =>
    withinQueueLimits(tx, actors.actor, async () => {
      const source = artifacts && (await findReusable(tx, artifacts, config_hash));
      return source
        ? await enqueueReused(
            tx,
            { ...values, job_spec: { ...job_spec, config_hash }, config_hash },
            source,
            reuseLine(source),
          )
        : await enqueueNew(tx, { ...values, job_spec: { ...job_spec, config_hash }, config_hash });
    }),
  );
}

/** PATCH: any change is checked like a new build and triggers a rebuild. */
export async function editBuild(
  db: Db,
  actors: Actors,
  build: BuildRow,
  body: BuildInput,
  onWritten?: (tx: Db, row: BuildRow) => Promise<void>,
): Promise<BuildRow> {
  const resolved = await resolveBuildInput(db, actors, body, build);
  return db.transaction(async (tx) => {
    await lockSets(tx, [build.group_id, resolved.set.id]);
    const row = await withinQueueLimits(tx, actors.actor, () => requeue(tx, build, settingsOf(resolved)));
    await recountSet(tx, build.group_id);
    if (resolved.set.id !== build.group_id) await recountSet(tx, resolved.set.id);
    await onWritten?.(tx, row);
    return row;
  });
}

/** A build's pools changed; an admin changing a partner's (`audited`) leaves a `partner.pools` audit row. */
export function editPools(
  db: Db,
  actors: Actors,
  build: BuildRow,
  pools: PoolInput[],
  audited = false,
): Promise<BuildRow> {
  return editBuild(db, actors, build, { fee_pools_configs: pools }, async (tx, row) => {
    if (!audited) return;
    await recordAudit(tx, {
      actorId: actors.actor.id,
      action: 'partner.pools',
      objectType: 'partner',
      objectId: row.user_id,
      before: { build_id: build.id, fee_pools_configs: build.fee_pools_configs },
      after: { build_id: row.id, fee_pools_configs: row.fee_pools_configs },
    });
  });
}

/** Builds the build again on its own release; one that cannot be built from any more is refused (issue 36). */
export async function rebuildBuild(db: Db, build: BuildRow, by?: AccountRow): Promise<BuildRow> {
  await assertBuildable(db, [build.release_id]);
  // `by`: who asks; a partner's own rebuild is held to its queue limits (queue-limits.ts), an admin's is not.
  return changeSetBuilds(db, build.group_id, (tx) => withinQueueLimits(tx, by, () => requeue(tx, build)));
}

/** The upgrade of one build inside a transaction; undefined when it is on the newest release already. */
export async function upgradeInTx(
  db: Db,
  owner: AccountRow,
  build: BuildRow,
  resolve?: JobSpecResolver,
  findNewer: NewerReleaseFinder = (b) => newerRelease(db, owner, b),
): Promise<BuildRow | undefined> {
  const release = await findNewer(build);
  if (!release) return undefined;
  const changes = {
    release_id: release.id,
    release_version: release.version,
    stage: release.stage,
    name: buildName({ ...build, release_version: release.version }),
  };
  return requeue(db, build, changes, resolve);
}

/**
 * Spec §4: to the newest release of the same series and stage class that the build's owner may see (on
 * admin paths too: a partner's build never moves to a release the partner cannot see).
 */
export function upgradeBuild(db: Db, owner: AccountRow, build: BuildRow, by?: AccountRow): Promise<BuildRow> {
  return changeSetBuilds(db, build.group_id, (tx) =>
    withinQueueLimits(tx, by, async () => {
      const row = await upgradeInTx(tx, owner, build);
      if (!row) throw invalid(['body', 'release_id'], ALREADY_NEWEST);
      return row;
    }),
  );
}

/**
 * Soft delete; `fullClean` also deletes the artifact (after the rows are committed). A removed logo set
 * that was kept for this build loses its files once no build may be built with it (issue 36).
 */
export async function removeBuild(
  db: Db,
  files: { artifacts: ArtifactStore; logoStore: LogoStore },
  build: BuildRow,
  fullClean: boolean,
) {
  const { artifacts } = files;
  await changeSetBuilds(db, build.group_id, (tx) => markBuildsRemoved(tx, [build.id], fullClean));
  await purgeUnusedLogos(db, files.logoStore, [build.logo_id]);
  if (fullClean) {
    // Issue 16: the stored content goes with its last build; orphans of earlier rebuilds go too.
    await releaseArtifacts(db, artifacts, [build]);
    await sweepOrphanArtifacts(db, artifacts);
  }
}
