import { type AnyColumn, and, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Release } from '../../../contract/schemas/release-schemas';
import type { ReleaseStage } from '../../../contract/statuses';
import type { Db } from '../../platform/db/client';
import { releases } from '../../platform/db/schema';
import { buildableRelease } from '../../releases/buildable-release';
import { listReleases, releaseVisibility, type Viewer } from '../../releases/releases-repository';

/** Spec §4: builds group and upgrade by stage class: dev; test (alpha, beta, rc); stable and prerelease. */
const STAGE_CLASSES: ReleaseStage[][] = [['dev'], ['alpha', 'beta', 'rc'], ['prerelease', 'stable']];

export function stageClass(stage: ReleaseStage): ReleaseStage[] {
  return STAGE_CLASSES.find((stages) => stages.includes(stage)) ?? [stage];
}

/** stageClass in SQL: a stage column's class as text (its first stage), equal for stages of one class. */
export function stageClassOf(column: AnyColumn): SQL<string> {
  const cases = STAGE_CLASSES.map(
    (stages) =>
      sql`when ${column} in (${sql.join(
        stages.map((stage) => sql`${stage}`),
        sql`, `,
      )}) then ${stages[0]}`,
  );
  return sql<string>`(case ${sql.join(cases, sql` `)} else ${column} end)`;
}

/** A release the viewer may see (spec §6) and that can be built from (issue 36), or undefined. */
export async function visibleRelease(db: Db, viewer: Viewer, id: number): Promise<Release | undefined> {
  const [release] = await listReleases(
    db,
    and(eq(releases.id, id), releaseVisibility(viewer, false), buildableRelease()),
  );
  return release;
}

/**
 * Spec §4: the newest release (highest id) of the same series and stage class that the viewer may see and
 * that is newer than the build's; undefined when the build is on it already.
 */
export async function newerRelease(
  db: Db,
  viewer: Viewer,
  build: { series: string; stage: ReleaseStage; release_id: number },
): Promise<Release | undefined> {
  const [newest] = await listReleases(
    db,
    and(
      releaseVisibility(viewer, false),
      buildableRelease(),
      eq(releases.series, build.series),
      inArray(releases.stage, stageClass(build.stage)),
      gt(releases.id, build.release_id),
    ),
  );
  return newest;
}

export type NewerReleaseFinder = (build: {
  series: string;
  stage: ReleaseStage;
  release_id: number;
}) => Promise<Release | undefined>;

/** newerRelease for many builds (a whole set): builds on the same release ask once. */
export function newerReleaseFinder(db: Db, viewer: Viewer): NewerReleaseFinder {
  const memo = new Map<string, Promise<Release | undefined>>();
  return (build) => {
    const key = `${build.series}:${build.stage}:${build.release_id}`;
    let found = memo.get(key);
    if (!found) {
      found = newerRelease(db, viewer, build);
      memo.set(key, found);
    }
    return found;
  };
}
