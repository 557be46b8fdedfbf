import { sql } from 'drizzle-orm';
import {
  DEFAULT_MAX_BUILDS_PER_HOUR,
  DEFAULT_MAX_QUEUED_BUILDS,
  queueLimitText,
} from '../../contract/queue-limits';
import type { Db } from '../platform/db/client';
import { HttpError, tooManyRequests } from '../platform/http/http-errors';

// Issue 36: a partner may have at most so many builds waiting and queue at most so many an hour (the account's
// max_queued_builds and max_builds_per_hour, set by an admin, else contract/queue-limits.ts's defaults).

/** pg_advisory_xact_lock's first key: this module's, so the lock is one per account and nobody else's. */
const LOCK_SPACE = 36_004;

interface Load {
  waiting: number;
  queued: number;
}

/**
 * The account's waiting builds and the runs it queued in the last hour. A run served at once from a stored
 * artifact (issue 16: done with no attempt) was never queued and does not count.
 */
async function loadOf(db: Db, accountId: number): Promise<Load> {
  const result = await db.execute(sql`
    select
      (select count(*)::int from builds
        where user_id = ${accountId} and status = 'pending' and is_removed = false) as waiting,
      (select count(*)::int from build_runs r join builds b on b.id = r.build_id
        where b.user_id = ${accountId} and r.queued_at > now() - interval '1 hour'
          and not (r.status = 'done' and r.attempts = 0)) as queued`);
  const [row] = (result as unknown as { rows: Load[] }).rows;
  return { waiting: Number(row.waiting), queued: Number(row.queued) };
}

/** Milliseconds until the `nth` oldest run counted in the hour (1-based) leaves it. */
async function untilLeaves(db: Db, accountId: number, nth: number): Promise<number> {
  const result = await db.execute(sql`
    select extract(epoch from r.queued_at + interval '1 hour' - now()) * 1000 as ms
    from build_runs r join builds b on b.id = r.build_id
    where b.user_id = ${accountId} and r.queued_at > now() - interval '1 hour'
      and not (r.status = 'done' and r.attempts = 0)
    order by r.queued_at, r.build_id, r.run
    offset ${nth - 1} limit 1`);
  const [row] = (result as unknown as { rows: { ms: number }[] }).rows;
  return row ? Number(row.ms) : 3_600_000;
}

/**
 * Runs `work` (which queues builds of `account`'s, inside the caller's transaction `tx`) and refuses the whole
 * of it when it takes the account past a limit: a 429 naming the limit, and the transaction rolled back with
 * everything `work` did (a set's rebuild is not half done). `account` undefined or an admin: not limited (an
 * admin's own builds, and an admin acting on a partner's). Builds already waiting that `work` queues again (an
 * edit of a pending build) add nothing waiting, and are not refused for the queue's length.
 *
 * Counting before and after `work` rather than asking each caller how many it will add: an upgrade of a set
 * only knows once done which builds had a newer release. The account's advisory lock, taken after the sets'
 * locks the callers hold, keeps two requests of one partner from both passing the same count.
 */
export async function withinQueueLimits<T>(
  tx: Db,
  account: { id: number; is_admin: boolean } | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!account || account.is_admin) return work();
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}, ${account.id})`);
  const limitsResult = await tx.execute(
    sql`select max_queued_builds, max_builds_per_hour from accounts where id = ${account.id}`,
  );
  const [limits] = (
    limitsResult as unknown as {
      rows: { max_queued_builds: number | null; max_builds_per_hour: number | null }[];
    }
  ).rows;
  const maxWaiting = limits?.max_queued_builds ?? DEFAULT_MAX_QUEUED_BUILDS;
  const maxHourly = limits?.max_builds_per_hour ?? DEFAULT_MAX_BUILDS_PER_HOUR;
  const before = await loadOf(tx, account.id);
  const result = await work();
  const after = await loadOf(tx, account.id);
  const addingWaiting = after.waiting - before.waiting;
  if (addingWaiting > 0 && after.waiting > maxWaiting)
    throw new HttpError(
      429,
      queueLimitText('queue_full', { max: maxWaiting, waiting: before.waiting, adding: addingWaiting }),
    );
  const addingHourly = after.queued - before.queued;
  if (addingHourly > 0 && after.queued > maxHourly) {
    // Room comes back as the oldest runs of the hour leave it; a request larger than the limit never fits.
    const leaving = after.queued - maxHourly;
    const waitMs = leaving <= before.queued ? await untilLeaves(tx, account.id, leaving) : 3_600_000;
    throw tooManyRequests(
      queueLimitText('hourly_full', { max: maxHourly, queued: before.queued, adding: addingHourly }),
      waitMs,
    );
  }
  return result;
}
