import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { type RepositoryRow, repositories, seriesRepositories } from '../platform/db/schema';

export type { RepositoryRow };

export function listRepositories(db: Db): Promise<RepositoryRow[]> {
  return db.select().from(repositories).orderBy(asc(repositories.name));
}

export async function findRepositoryByName(db: Db, name: string): Promise<RepositoryRow | undefined> {
  const [row] = await db.select().from(repositories).where(eq(repositories.name, name));
  return row;
}

/** Inserts a repository; undefined when the name is taken (also when another request took it just now). */
export async function insertRepository(
  db: Db,
  values: { name: string; url: string },
): Promise<RepositoryRow | undefined> {
  const [row] = await db.insert(repositories).values(values).onConflictDoNothing().returning();
  return row;
}

/** Deletes a repository and its series mappings; releases keep the repository's name in their tags. */
export async function deleteRepository(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(repositories)
    .where(eq(repositories.id, id))
    .returning({ id: repositories.id });
  return rows.length > 0;
}

export interface SeriesRepository {
  series: string;
  repository: string;
}

export function listSeriesRepositories(db: Db, series?: string): Promise<SeriesRepository[]> {
  return db
    .select({ series: seriesRepositories.series, repository: repositories.name })
    .from(seriesRepositories)
    .innerJoin(repositories, eq(repositories.id, seriesRepositories.repository_id))
    .where(series === undefined ? undefined : eq(seriesRepositories.series, series))
    .orderBy(asc(seriesRepositories.series), asc(repositories.name));
}

/** The repositories a release of `series` takes one tag from. */
export function repositoriesOfSeries(db: Db, series: string): Promise<RepositoryRow[]> {
  return db
    .select({
      id: repositories.id,
      name: repositories.name,
      url: repositories.url,
      created_at: repositories.created_at,
    })
    .from(repositories)
    .innerJoin(seriesRepositories, eq(repositories.id, seriesRepositories.repository_id))
    .where(eq(seriesRepositories.series, series))
    .orderBy(asc(repositories.name));
}

/** Makes `names` (registered repositories) the whole mapping of one series. */
export async function replaceSeriesRepositories(db: Db, series: string, names: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(seriesRepositories).where(eq(seriesRepositories.series, series));
    if (names.length === 0) return;
    const ids = await tx
      .select({ id: repositories.id })
      .from(repositories)
      .where(inArray(repositories.name, names));
    if (ids.length === 0) return;
    await tx
      .insert(seriesRepositories)
      .values(ids.map(({ id }) => ({ series, repository_id: id })))
      .onConflictDoNothing();
  });
}

/** Adds mappings, keeping the ones there are (used by the demo seed). */
export async function addSeriesRepository(db: Db, series: string, repositoryId: number): Promise<void> {
  await db.insert(seriesRepositories).values({ series, repository_id: repositoryId }).onConflictDoNothing();
}
