import { and, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { builds } from '../platform/db/schema';
import { type EndedJob, ended } from './jobs-repository';

// Jobs whose agent went silent (the lease ran out) or was blocked or deleted go back to the queue: the lease
// sweep's queries. Only the queue (server/queue/) calls them.

/** Jobs whose lease ran out, and the database's time when that was read. */
export interface ExpiredLeases {
  ids: number[];
  at: string;
}

export async function findExpiredLeases(db: Db): Promise<ExpiredLeases> {
  const rows = await db
    .select({ id: builds.id, at: sql<string>`now()::text` })
    .from(builds)
    .where(and(eq(builds.status, 'in_progress'), lt(builds.lease_until, sql`now()`)));
  return { ids: rows.map((row) => row.id), at: rows[0]?.at ?? '' };
}

/**
 * The jobs found expired go back to the queue with their attempt counted, or fail once they had
 * `maxAttempts`; a job whose cancel was pending is cancelled instead. A lease renewed since it was found
 * (its end now after `at`) is kept. Several instances may sweep at once: the second one's WHERE no longer
 * matches rows the first changed.
 */
export function recoverExpired(db: Db, expired: ExpiredLeases, maxAttempts: number): Promise<EndedJob[]> {
  return requeue(
    db,
    and(
      inArray(builds.id, expired.ids),
      eq(builds.status, 'in_progress'),
      lt(builds.lease_until, sql`${expired.at}::timestamptz`),
    ),
    maxAttempts,
  );
}

/**
 * A blocked or deleted worker's jobs go back to the queue at once: their attempt stays counted, but the
 * build was not at fault, so this never fails one.
 */
export function requeueAgentJobs(db: Db, agentId: number): Promise<EndedJob[]> {
  const never = 2 ** 31 - 1;
  return requeue(db, and(eq(builds.status, 'in_progress'), eq(builds.worker_id, agentId)), never);
}

function requeue(db: Db, where: SQL | undefined, maxAttempts: number): Promise<EndedJob[]> {
  const ends = sql`(${builds.cancel_requested} or ${builds.attempts} >= ${maxAttempts})`;
  return db
    .update(builds)
    .set({
      status: sql`case when ${builds.cancel_requested} then 'cancelled' when ${builds.attempts} >= ${maxAttempts} then 'failed' else 'pending' end`,
      worker_id: null,
      lease_until: null,
      progress: sql`case when ${ends} then ${builds.progress} else 0 end`,
      finished_at: sql`case when ${ends} then now() else null end`,
      is_updating: sql`case when ${ends} then false else ${builds.is_updating} end`,
      cancel_requested: false,
      updated_at: sql`now()`,
    })
    .where(where)
    .returning(ended);
}
