import { and, type SQL, sql } from 'drizzle-orm';
import type { Build } from '../../contract/schemas/build-schemas';
import { findAccountById } from '../accounts/accounts-repository';
import type { Db } from '../platform/db/client';
import { releases } from '../platform/db/schema';
import { buildableRelease, unbuildableReleases } from '../releases/buildable-release';
import { releaseVisibility, type Viewer } from '../releases/releases-repository';
import type { BuildRow } from './builds-repository';
import { type NewerReleaseFinder, newerReleaseFinder, stageClassOf } from './input/release-choice';

type NewerRelease = NonNullable<Build['newer_release']>;
type UpgradeFacts = Pick<BuildRow, 'id' | 'user_id' | 'is_removed' | 'series' | 'stage' | 'release_id'>;

/**
 * What an upgrade would move each build to (issue 15, item 9: offer upgrade only when a newer release
 * exists): the release upgradeBuild would pick, by the same rule and for the build's owner, or null. Removed
 * builds cannot be upgraded. `owner` is the one owner of every row when the caller knows it; otherwise each
 * row's owner is read once.
 */
export async function newerReleasesOf(
  db: Db,
  rows: UpgradeFacts[],
  owner?: Viewer,
): Promise<Map<number, NewerRelease | null>> {
  const finders = new Map<number, Promise<NewerReleaseFinder | undefined>>();
  const finderFor = (userId: number) => {
    let finder = finders.get(userId);
    if (!finder) {
      finder =
        owner?.id === userId
          ? Promise.resolve(newerReleaseFinder(db, owner))
          : findAccountById(db, userId).then((account) => account && newerReleaseFinder(db, account));
      finders.set(userId, finder);
    }
    return finder;
  };
  const result = new Map<number, NewerRelease | null>();
  for (const row of rows) {
    const find = row.is_removed ? undefined : await finderFor(row.user_id);
    const release = find && (await find(row));
    result.set(row.id, release ? { id: release.id, version: release.version, stage: release.stage } : null);
  }
  return result;
}

/**
 * Builds as a list answers them: each with the release an upgrade would move it to, and whether its own
 * release can no longer be built from (issue 36: the console then offers the upgrade, not a rebuild).
 */
export async function withNewerReleases(
  db: Db,
  rows: BuildRow[],
  builds: Build[],
  owner?: Viewer,
): Promise<Build[]> {
  const newer = await newerReleasesOf(db, rows, owner);
  const removed = await unbuildableReleases(
    db,
    rows.map((row) => row.release_id),
  );
  return builds.map((build) => ({
    ...build,
    newer_release: newer.get(build.id) ?? null,
    release_removed: removed.has(build.release_id),
  }));
}

/**
 * newerRelease's rule for many builds at once: the newest release of each series and stage class that `owner`
 * may see and build from. A build has an upgrade exactly when its series and stage class have one here newer
 * than its release (newerRelease picks that one). A derived table of (series, class, id): a handful of rows.
 */
const newestReleases = (owner: Viewer): SQL =>
  sql`(select ${releases.series} as series, ${stageClassOf(releases.stage)} as class, max(${releases.id}) as id
    from ${releases} where ${and(releaseVisibility(owner, false), buildableRelease())} group by 1, 2)`;

/**
 * Whether an upgrade would move any build of a set (the sets list's "Upgrade all", issue 15 item 9), for the
 * builds' owner, from the set's kept `floors` (SetBuildsSummary: the oldest release of its live builds per
 * series and stage class): some build has a newer release exactly when its series and class have one newer
 * than their oldest. `owner.id` may be a placeholder: the statement is then prepared once per role (see
 * ownerRole).
 */
export const upgradableFloors = (owner: Viewer, floors: SQL): SQL<boolean> =>
  sql<boolean>`exists (select 1 from jsonb_array_elements(${floors}) as floor
    join ${newestReleases(owner)} as newest on newest.series = floor->>0 and newest.class = floor->>1
    and newest.id > (floor->>2)::int)`;

/** Which of the release visibility rules applies to a viewer (releaseVisibility's branches). */
export const ownerRole = (owner: Viewer) =>
  owner.is_admin ? 'admin' : owner.is_developer ? 'developer' : owner.is_tester ? 'tester' : 'partner';
