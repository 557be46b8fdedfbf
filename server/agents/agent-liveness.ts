import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { buildAgents, builds } from '../platform/db/schema';

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
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: builds.id, lease_until: builds.lease_until, agent_last_contact: buildAgents.last_contact })
    .from(builds)
    .leftJoin(buildAgents, eq(buildAgents.id, builds.worker_id))
    .where(and(inArray(builds.id, ids), eq(builds.status, 'in_progress')));
  return livenessOf(rows, offlineAfterMs, now);
}

/** What a running build's own statement may carry to tell its liveness (the task lists read it with the page). */
export interface LivenessFacts {
  lease_until: Date | null;
  /** The last call of the build's agent; null when it has none (deleted) or never called. */
  agent_last_contact: Date | null;
}

function livenessOf(rows: ({ id: number } & LivenessFacts)[], offlineAfterMs: number, now = Date.now()) {
  const found = new Map<number, Liveness>();
  for (const row of rows) {
    const seen = row.agent_last_contact?.getTime();
    found.set(row.id, {
      agent_lost: seen === undefined || now - seen > offlineAfterMs,
      lease_until: row.lease_until?.toISOString() ?? null,
    });
  }
  return found;
}

const carriesFacts = <T extends object>(row: T): row is T & LivenessFacts => 'agent_last_contact' in row;

/** The rows with their liveness (running ones; others false and null). */
export async function withLiveness<T extends { id: number; status: string }>(
  db: Db,
  rows: T[],
  offlineAfterMs: number,
): Promise<(T & Liveness)[]> {
  const running = rows.filter((row) => row.status === 'in_progress');
  // Rows read with their lease and agent's last contact (the task lists) need no second statement.
  const found = running.every(carriesFacts)
    ? livenessOf(running, offlineAfterMs)
    : await agentLiveness(
        db,
        running.map((row) => row.id),
        offlineAfterMs,
      );
  return rows.map((row) => ({ ...row, ...(found.get(row.id) ?? NONE) }));
}
