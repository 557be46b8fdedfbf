import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { builds, workers } from '../platform/db/schema';

export interface Liveness {
  agent_lost: boolean;
  lease_until: string | null;
}

const NONE: Liveness = { agent_lost: false, lease_until: null };

/**
 * Issue 17: for running builds, whether their agent stopped answering (no call for `offlineAfterMs`, as the
 * agents list counts offline) and when their lease runs out, i.e. when the queue takes the build back.
 */
export async function agentLiveness(
  db: Db,
  ids: number[],
  offlineAfterMs: number,
  now = Date.now(),
): Promise<Map<number, Liveness>> {
  const found = new Map<number, Liveness>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({ id: builds.id, lease_until: builds.lease_until, last_contact: workers.last_contact })
    .from(builds)
    .leftJoin(workers, eq(workers.id, builds.worker_id))
    .where(and(inArray(builds.id, ids), eq(builds.status, 'in_progress')));
  for (const row of rows) {
    const seen = row.last_contact?.getTime();
    found.set(row.id, {
      agent_lost: seen === undefined || now - seen > offlineAfterMs,
      lease_until: row.lease_until?.toISOString() ?? null,
    });
  }
  return found;
}

/** The rows with their liveness (running ones; others false and null). */
export async function withLiveness<T extends { id: number; status: string }>(
  db: Db,
  rows: T[],
  offlineAfterMs: number,
): Promise<(T & Liveness)[]> {
  const running = rows.filter((row) => row.status === 'in_progress').map((row) => row.id);
  const found = await agentLiveness(db, running, offlineAfterMs);
  return rows.map((row) => ({ ...row, ...(found.get(row.id) ?? NONE) }));
}
