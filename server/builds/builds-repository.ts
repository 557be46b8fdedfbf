import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { type BuildRow, builds, type NewBuildRow } from '../platform/db/schema';

export type { BuildRow, NewBuildRow };

export interface BuildFilters {
  userId?: number;
  setId?: number;
  /** Spec's 'show removed': removed builds are listed too. */
  includeRemoved?: boolean;
}

/** Builds, newest first (not paged: a set holds one build per model and variant). */
export function listBuilds(db: Db, filters: BuildFilters): Promise<BuildRow[]> {
  return db
    .select()
    .from(builds)
    .where(
      and(
        filters.userId === undefined ? undefined : eq(builds.user_id, filters.userId),
        filters.setId === undefined ? undefined : eq(builds.group_id, filters.setId),
        filters.includeRemoved ? undefined : eq(builds.is_removed, false),
      ),
    )
    .orderBy(desc(builds.id));
}

/** The builds of a set that are not removed, oldest first. */
export function listLiveSetBuilds(db: Db, setId: number): Promise<BuildRow[]> {
  return db
    .select()
    .from(builds)
    .where(and(eq(builds.group_id, setId), eq(builds.is_removed, false)))
    .orderBy(asc(builds.id));
}

/** A build by id; with `userId`, only that account's (another account's build is as good as missing). */
export async function findBuild(db: Db, id: number, userId?: number): Promise<BuildRow | undefined> {
  const [row] = await db
    .select()
    .from(builds)
    .where(and(eq(builds.id, id), userId === undefined ? undefined : eq(builds.user_id, userId)));
  return row;
}

export async function findBuildByUuid(db: Db, uuid: string): Promise<BuildRow | undefined> {
  const [row] = await db.select().from(builds).where(eq(builds.uuid, uuid));
  return row;
}

/** Soft-removes builds; with `clearArtifact` their artifact's size and digest go too (the file was deleted). */
export async function markBuildsRemoved(db: Db, ids: number[], clearArtifact: boolean): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(builds)
    .set({
      is_removed: true,
      updated_at: new Date(),
      ...(clearArtifact ? { file_size: null, sha256: null } : {}),
    })
    .where(inArray(builds.id, ids));
}

/** The owning account of each build of `ids` that exists (removed ones included). */
export function findBuildOwners(db: Db, ids: readonly number[]): Promise<{ id: number; user_id: number }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: builds.id, user_id: builds.user_id })
    .from(builds)
    .where(inArray(builds.id, [...ids]));
}
