import { and, eq, exists, gt, inArray, sql } from 'drizzle-orm';
import type { Build } from '../../contract/schemas/build-schemas';
import { findAccountById } from '../accounts/accounts-repository';
import type { Db } from '../platform/db/client';
import { builds, releases } from '../platform/db/schema';
import { releaseVisibility, type Viewer } from '../releases/releases-repository';
import type { BuildRow } from './builds-repository';
import { type NewerReleaseFinder, newerReleaseFinder, stageClassOf } from './release-choice';

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

/** Builds as a list answers them: each with the release an upgrade would move it to. */
export async function withNewerReleases(
  db: Db,
  rows: BuildRow[],
  builds: Build[],
  owner?: Viewer,
): Promise<Build[]> {
  const newer = await newerReleasesOf(db, rows, owner);
  return builds.map((build) => ({ ...build, newer_release: newer.get(build.id) ?? null }));
}

/**
 * Which of an owner's sets have a build an upgrade would move (the sets list's "Upgrade all"): newerRelease's
 * rule (a release the owner may see, of the build's series and stage class, newer than its release) as one
 * statement over the page's sets, instead of one release lookup per distinct release of their builds.
 */
export async function upgradableSets(db: Db, setIds: number[], owner: Viewer): Promise<Set<number>> {
  if (setIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ group_id: builds.group_id })
    .from(builds)
    .where(
      and(
        inArray(builds.group_id, setIds),
        eq(builds.is_removed, false),
        exists(
          db
            .select({ one: sql`1` })
            .from(releases)
            .where(
              and(
                releaseVisibility(owner, false),
                eq(releases.series, builds.series),
                sql`${stageClassOf(releases.stage)} = ${stageClassOf(builds.stage)}`,
                gt(releases.id, builds.release_id),
              ),
            ),
        ),
      ),
    );
  return new Set(rows.map((row) => row.group_id));
}
