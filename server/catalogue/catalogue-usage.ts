import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { builds, modelPlatformInstallTypes, models, releases, releaseTags } from '../platform/db/schema';

/**
 * A build in the queue: pending, or being built. A removed pending build is never claimed, so it does not
 * count; a removed one that an agent is building still does.
 */
export const QUEUED: SQL = sql`(${builds.status} = 'in_progress' or (${builds.status} = 'pending' and ${builds.is_removed} = false))`;

/** Each row with, under each name of `counts`, how many its key has there (0 when none). */
export function withCounts<R, K, C extends string>(
  rows: R[],
  keyOf: (row: R) => K,
  counts: Record<C, Map<K, number>>,
): (R & Record<C, number>)[] {
  const entries = Object.entries(counts) as [C, Map<K, number>][];
  return rows.map((row) => {
    const key = keyOf(row);
    const numbers = Object.fromEntries(entries.map(([name, map]) => [name, map.get(key) ?? 0]));
    return { ...row, ...numbers } as R & Record<C, number>;
  });
}

/** How many queued builds match `where`. */
export async function queuedBuilds(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(builds).where(and(QUEUED, where));
  return row?.total ?? 0;
}

/** How many builds of any status (removed ones too) match `where`: a model they name cannot be deleted. */
export async function allBuilds(db: Db, where: SQL): Promise<number> {
  const [row] = await db.select({ total: count() }).from(builds).where(where);
  return row?.total ?? 0;
}

export interface QueueUsage {
  series: Map<string, number>;
  model: Map<string, number>;
  platform: Map<string, number>;
  install_type: Map<string, number>;
  combination: Map<string, number>;
  license: Map<number, number>;
}

const add = <K>(map: Map<K, number>, key: K, n: number) => map.set(key, (map.get(key) ?? 0) + n);

/** The queued builds counted by every catalogue entry they use, for the admin lists. */
export async function queueUsage(db: Db): Promise<QueueUsage> {
  const rows = await db
    .select({
      series: builds.series,
      model: builds.model,
      platform: builds.platform,
      install_type: builds.install_type,
      license_id: builds.license_id,
      total: count(),
    })
    .from(builds)
    .where(QUEUED)
    .groupBy(builds.series, builds.model, builds.platform, builds.install_type, builds.license_id);
  const usage: QueueUsage = {
    series: new Map(),
    model: new Map(),
    platform: new Map(),
    install_type: new Map(),
    combination: new Map(),
    license: new Map(),
  };
  for (const row of rows) {
    add(usage.series, row.series, row.total);
    add(usage.model, row.model, row.total);
    add(usage.platform, row.platform, row.total);
    add(usage.install_type, row.install_type, row.total);
    add(usage.combination, `${row.model}\u0000${row.platform}\u0000${row.install_type}`, row.total);
    if (row.license_id !== null) add(usage.license, row.license_id, row.total);
  }
  return usage;
}

/** Builds of any status per model, removed ones too. */
export async function buildsPerModel(db: Db): Promise<Map<string, number>> {
  const rows = await db.select({ model: builds.model, total: count() }).from(builds).groupBy(builds.model);
  return new Map(rows.map((row) => [row.model, row.total]));
}

/** Combinations per model, platform or install type. */
export async function combinationsPer(
  db: Db,
  column: 'model' | 'platform' | 'install_type',
): Promise<Map<string, number>> {
  const t = modelPlatformInstallTypes;
  const rows = await db.select({ key: t[column], total: count() }).from(t).groupBy(t[column]);
  return new Map(rows.map((row) => [row.key, row.total]));
}

/** Models per series. */
export async function modelsPerSeries(db: Db): Promise<Map<string, number>> {
  const rows = await db.select({ key: models.series, total: count() }).from(models).groupBy(models.series);
  return new Map(rows.map((row) => [row.key, row.total]));
}

/** Releases per series, removed ones too (they keep the series). */
export async function releasesPerSeries(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ key: releases.series, total: count() })
    .from(releases)
    .groupBy(releases.series);
  return new Map(rows.map((row) => [row.key, row.total]));
}

/** Queued builds whose release takes sources from the repository: its agents fetch them from it. */
export async function queuedBuildsOfRepository(db: Db, repository: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(builds)
    .where(
      and(
        QUEUED,
        sql`exists (select 1 from ${releaseTags} where ${releaseTags.release_id} = ${builds.release_id} and ${eq(releaseTags.repository_name, repository)})`,
      ),
    );
  return row?.total ?? 0;
}
