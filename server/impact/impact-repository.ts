import { and, countDistinct, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Impact } from '../../contract/schemas/impact-schemas';
import type { Db } from '../platform/db/client';
import { buildSets, builds } from '../platform/db/schema';

export type ImpactTarget = { release: number } | { license: number } | { model: string };

const uses = (target: ImpactTarget): SQL =>
  'release' in target
    ? eq(builds.release_id, target.release)
    : 'license' in target
      ? eq(builds.license_id, target.license)
      : eq(builds.model, target.model);

/** How many live builds (in live sets) use a release, a license or a model; and how many are queued. */
export async function impactOf(db: Db, target: ImpactTarget): Promise<Impact> {
  const [row] = await db
    .select({
      builds: countDistinct(builds.id),
      sets: countDistinct(builds.group_id),
      queued:
        sql<number>`count(distinct ${builds.id}) filter (where ${inArray(builds.status, ['pending', 'in_progress'])})`.mapWith(
          Number,
        ),
    })
    .from(builds)
    .innerJoin(buildSets, eq(buildSets.id, builds.group_id))
    .where(and(uses(target), eq(builds.is_removed, false), eq(buildSets.is_removed, false)));
  return { builds: row?.builds ?? 0, sets: row?.sets ?? 0, queued: row?.queued ?? 0 };
}
