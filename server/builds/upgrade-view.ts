import { and, eq, exists, gt, type SQL, sql } from 'drizzle-orm';
import type { Build } from '../../contract/schemas/build-schemas';
import { findAccountById } from '../accounts/accounts-repository';
import type { Db } from '../platform/db/client';
import { builds, releases } from '../platform/db/schema';
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
 * Whether a set (`setId`, the outer query's set id) has a build an upgrade would move (the sets list's
 * "Upgrade all"): newerRelease's rule (a release the owner may see, of the build's series and stage class,
 * newer than its release) as a column of the sets page's own statement. `owner.id` may be a placeholder: the
 * statement is then prepared once per role (see ownerRole).
 */
export const upgradableColumn = (db: Db, setId: SQL, owner: Viewer): SQL<boolean> =>
  sql<boolean>`exists (${db
    .select({ one: sql`1` })
    .from(builds)
    .where(
      and(
        sql`${builds.group_id} = ${setId}`,
        sql`${builds.is_removed} = false`,
        exists(
          db
            .select({ one: sql`1` })
            .from(releases)
            .where(
              and(
                releaseVisibility(owner, false),
                buildableRelease(),
                eq(releases.series, builds.series),
                sql`${stageClassOf(releases.stage)} = ${stageClassOf(builds.stage)}`,
                gt(releases.id, builds.release_id),
              ),
            ),
        ),
      ),
    )})`;

/** Which of the release visibility rules applies to a viewer (releaseVisibility's branches). */
export const ownerRole = (owner: Viewer) =>
  owner.is_admin ? 'admin' : owner.is_developer ? 'developer' : owner.is_tester ? 'tester' : 'partner';
