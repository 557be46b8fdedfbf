import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { buildSets, builds, releases, type WorkerRow, workers } from '../platform/db/schema';

export type { WorkerRow };

export const TOKEN_PREFIX_LENGTH = 8;

/** A fresh worker token: 32 random bytes, url-safe; only its sha256 is stored. */
export function newWorkerToken(): string {
  return `wk_${randomBytes(32).toString('base64url')}`;
}

export const hashWorkerToken = (token: string) => createHash('sha256').update(token).digest('hex');

const tokenColumns = (token: string) => ({
  token_hash: hashWorkerToken(token),
  token_prefix: token.slice(0, TOKEN_PREFIX_LENGTH),
});

/** Inserts a worker; undefined when the name (or, by a 2^-256 chance, the token) is taken. */
export async function insertWorker(db: Db, name: string, token: string): Promise<WorkerRow | undefined> {
  const [row] = await db
    .insert(workers)
    .values({ name, ...tokenColumns(token) })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findWorker(db: Db, id: number): Promise<WorkerRow | undefined> {
  const [row] = await db.select().from(workers).where(eq(workers.id, id));
  return row;
}

export async function findWorkerByName(db: Db, name: string): Promise<WorkerRow | undefined> {
  const [row] = await db.select().from(workers).where(eq(workers.name, name));
  return row;
}

export async function findWorkerByToken(db: Db, token: string): Promise<WorkerRow | undefined> {
  const [row] = await db
    .select()
    .from(workers)
    .where(eq(workers.token_hash, hashWorkerToken(token)));
  return row;
}

export interface WorkerChanges {
  name?: string;
  is_blocked?: boolean;
  /** A new token replaces the old one, which stops working at once. */
  token?: string;
}

export async function updateWorker(
  db: Db,
  id: number,
  changes: WorkerChanges,
): Promise<WorkerRow | undefined> {
  const { token, ...rest } = changes;
  const [row] = await db
    .update(workers)
    .set({ ...rest, ...(token ? tokenColumns(token) : {}) })
    .where(eq(workers.id, id))
    .returning();
  return row;
}

export async function deleteWorker(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(workers).where(eq(workers.id, id)).returning({ id: workers.id });
  return rows.length > 0;
}

/** A worker's call: it is alive now; a heartbeat also says what it holds. */
export async function touchWorker(
  db: Db,
  id: number,
  holdings?: { releases?: number[]; sources?: WorkerRow['sources'] },
): Promise<void> {
  await db
    .update(workers)
    .set({
      last_contact: sql`now()`,
      ...(holdings?.releases ? { releases: holdings.releases } : {}),
      ...(holdings?.sources ? { sources: holdings.sources } : {}),
    })
    .where(eq(workers.id, id));
}

export function listWorkers(db: Db): Promise<WorkerRow[]> {
  return db.select().from(workers).orderBy(asc(workers.name));
}

export interface CurrentBuild {
  worker_id: number;
  id: number;
  uuid: string;
  /** The build's owner, who with admins alone may see its uuid (builds/build-uuid-access.ts). */
  user_id: number;
  group_name: string;
  model: string;
  progress: number;
}

/** The job each worker is building now (its most recent one, should it hold several). */
export async function currentBuilds(db: Db, workerIds: number[]): Promise<Map<number, CurrentBuild>> {
  if (workerIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([builds.worker_id], {
      worker_id: sql<number>`${builds.worker_id}`,
      id: builds.id,
      uuid: builds.uuid,
      user_id: builds.user_id,
      group_name: buildSets.name,
      model: builds.model,
      progress: builds.progress,
    })
    .from(builds)
    .innerJoin(buildSets, eq(buildSets.id, builds.group_id))
    .where(and(inArray(builds.worker_id, workerIds), eq(builds.status, 'in_progress')))
    .orderBy(builds.worker_id, desc(builds.started_at));
  return new Map(rows.map((row) => [row.worker_id, row]));
}

export interface HeldRelease {
  id: number;
  series: string;
  version: string;
  stage: string;
}

export async function releasesByIds(db: Db, ids: number[]): Promise<Map<number, HeldRelease>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: releases.id, series: releases.series, version: releases.version, stage: releases.stage })
    .from(releases)
    .where(inArray(releases.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}
