import { type SQL, sql } from 'drizzle-orm';

/**
 * Issue 36: the queue's order, fair between accounts, in one place: the claim (jobs-repository.ts), the places
 * in the task list (tasks/queue-positions.ts) and the forecast (builds/eta.ts) all read it.
 *
 * A pending build's turn (`rank`) is how many builds of its own account are ahead of it, running or pending
 * (queued earlier); the queue runs in (rank, queued_at, id) order. That is round robin by account: an account's
 * first waiting build waits behind at most one build of each other account, whatever they queued, and an
 * account with builds running waits behind those with none. A claim never reorders the rest (the claimed
 * build's account has one running more and one pending less ahead of its others), so this is the claim order
 * until a build ends. A build put back (lease expired, given back) keeps its queued_at, so its account's turn.
 *
 * Read per account (LATERAL over accounts, index builds_queue_user_idx): the claim, which needs only each
 * account's first few builds, reads accounts × `perAccount` rows, not the whole queue (its cost with 10,000
 * pending builds: bench/fair-queue.ts, bench/README.md).
 */
export function fairQueue(perAccount?: number): SQL {
  const limit = perAccount === undefined ? sql`` : sql`limit ${perAccount}`;
  return sql`(
    with running as (
      select user_id, count(*)::int as n from builds where status = 'in_progress' group by user_id
    )
    select q.id, q.queued_at, q.series, coalesce(r.n, 0) + q.ahead as rank
    from accounts a
    cross join lateral (
      select p.id, p.queued_at, p.series,
        (row_number() over (order by p.queued_at, p.id))::int - 1 as ahead
      from builds p
      where p.user_id = a.id and p.status = 'pending' and p.is_removed = false
      order by p.queued_at, p.id
      ${limit}
    ) q
    left join running r on r.user_id = a.id
  )`;
}

/** The claim order of fairQueue's rows, aliased `alias`. */
export const fairOrder = (alias: string): SQL => sql.raw(`${alias}.rank, ${alias}.queued_at, ${alias}.id`);
