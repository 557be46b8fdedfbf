import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import {
  type AgentRow,
  agentPresence,
  buildAgents,
  buildSets,
  builds,
  releases,
} from '../platform/db/schema';

export type { AgentRow };

export const TOKEN_PREFIX_LENGTH = 8;

/** A fresh worker token: 32 random bytes, url-safe; only its sha256 is stored. */
export function newAgentToken(): string {
  return `wk_${randomBytes(32).toString('base64url')}`;
}

export const hashAgentToken = (token: string) => createHash('sha256').update(token).digest('hex');

const tokenColumns = (token: string) => ({
  token_hash: hashAgentToken(token),
  token_prefix: token.slice(0, TOKEN_PREFIX_LENGTH),
});

/** Inserts a worker; undefined when the name (or, by a 2^-256 chance, the token) is taken. */
export async function insertAgent(db: Db, name: string, token: string): Promise<AgentRow | undefined> {
  const [row] = await db
    .insert(buildAgents)
    .values({ name, ...tokenColumns(token) })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findAgent(db: Db, id: number): Promise<AgentRow | undefined> {
  const [row] = await db.select().from(buildAgents).where(eq(buildAgents.id, id));
  return row;
}

export async function findAgentByName(db: Db, name: string): Promise<AgentRow | undefined> {
  const [row] = await db.select().from(buildAgents).where(eq(buildAgents.name, name));
  return row;
}

export async function findAgentByToken(db: Db, token: string): Promise<AgentRow | undefined> {
  const [row] = await db
    .select()
    .from(buildAgents)
    .where(eq(buildAgents.token_hash, hashAgentToken(token)));
  return row;
}

export interface AgentChanges {
  name?: string;
  is_blocked?: boolean;
  /** A new token replaces the old one, which stops working at once. */
  token?: string;
}

export async function updateAgent(db: Db, id: number, changes: AgentChanges): Promise<AgentRow | undefined> {
  const { token, ...rest } = changes;
  const [row] = await db
    .update(buildAgents)
    .set({ ...rest, ...(token ? tokenColumns(token) : {}) })
    .where(eq(buildAgents.id, id))
    .returning();
  return row;
}

export async function deleteAgent(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(buildAgents).where(eq(buildAgents.id, id)).returning({ id: buildAgents.id });
  return rows.length > 0;
}

/** A worker's call: it is alive now; a heartbeat also says what it holds. */
export async function touchAgent(
  db: Db,
  id: number,
  holdings?: { releases?: number[]; sources?: AgentRow['sources'] },
): Promise<void> {
  await db
    .update(buildAgents)
    .set({
      last_contact: sql`now()`,
      ...(holdings?.releases ? { releases: holdings.releases } : {}),
      ...(holdings?.sources ? { sources: holdings.sources } : {}),
    })
    .where(eq(buildAgents.id, id));
  // Issue 42: the hours it called in, for the dashboard's agents online over time.
  await db
    .insert(agentPresence)
    .values({ hour: sql`date_trunc('hour', now(), 'UTC')`, agent_id: id })
    .onConflictDoNothing();
}

export function listAgents(db: Db): Promise<AgentRow[]> {
  return db.select().from(buildAgents).orderBy(asc(buildAgents.name));
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
export async function currentBuilds(db: Db, agentIds: number[]): Promise<Map<number, CurrentBuild>> {
  if (agentIds.length === 0) return new Map();
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
    .where(and(inArray(builds.worker_id, agentIds), eq(builds.status, 'in_progress')))
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
