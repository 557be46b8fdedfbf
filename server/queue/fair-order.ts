import { type SQL, sql } from 'drizzle-orm';

/**
 * Issue 36: the queue's order, fair between accounts, in one place: the claim (jobs-repository.ts), the places
 * in the task list (tasks/queue-positions.ts) and the forecast (builds/eta/eta.ts) all read it.
 *
 * A pending build's turn (`rank`) is how many builds of its own account are ahead of it, running or pending
 * (queued earlier); the queue runs in (rank, queued_at, id) order. That is round robin by account: an account's
 * first waiting build waits behind at most one build of each other account, whatever they queued, and an
 * account with builds running waits behind those with none. A claim never reorders the rest (the claimed
 * build's account has one running more and one pending less ahead of its others), so this is the claim order
 * until a build ends. A build put back (lease expired, given back) keeps its queued_at, so its account's turn.
 *
 * Two readings of that one order, both here: the whole queue (fairQueue: places and forecasts, one pass over
 * index builds_queue_user_idx with a window per account), and the claim's candidates (claimCandidates), which
 * need only each account's first pending build (its head, whose turn is the account's running count: the
 * smallest of its account, so the order's first build is always a head) plus the oldest few builds, for
 * when several agents claim at once and SKIP LOCKED passes over heads being claimed. Costs with 10,000
 * pending builds: bench/fair-queue.ts, bench/README.md.
 */

/** The account's running builds, as a CTE body: a build's turn counts them. */
const running = sql`select user_id, count(*)::int as n from builds where status = 'in_progress' group by user_id`;

/** Every pending build with its turn (`rank`), in no order: sort by fairOrder. */
export function fairQueue(): SQL {
  return sql`(
    with running as (${running})
    select p.id, p.queued_at, p.series,
      coalesce(r.n, 0) + (row_number() over (partition by p.user_id order by p.queued_at, p.id))::int - 1 as rank
    from builds p left join running r on r.user_id = p.user_id
    where p.status = 'pending' and p.is_removed = false
  )`;
}

/**
 * The claim's candidates with their turns (the same as fairQueue's): every account's head, and the `oldest`
 * oldest pending builds. The first in fairOrder among them is the first of the whole queue.
 */
export function claimCandidates(oldest: number): SQL {
  // The heads by a skip scan of builds_queue_user_idx: one index probe per account with builds waiting, not
  // one per account (most partners have none waiting).
  const pending = sql.raw(`p.status = 'pending' and p.is_removed = false`);
  return sql`(
    with recursive running as (${running}),
    heads as (
      (select p.user_id, p.id, p.queued_at from builds p where ${pending}
        order by p.user_id, p.queued_at, p.id limit 1)
      union all
      select n.user_id, n.id, n.queued_at from heads h
      cross join lateral (
        select p.user_id, p.id, p.queued_at from builds p where ${pending} and p.user_id > h.user_id
        order by p.user_id, p.queued_at, p.id limit 1
      ) n
    )
    select h.id, h.queued_at, coalesce(r.n, 0) as rank
    from heads h left join running r on r.user_id = h.user_id
    union all
    select o.id, o.queued_at, coalesce(r.n, 0) + (
      select count(*)::int from builds p
      where p.user_id = o.user_id and ${pending} and (p.queued_at, p.id) < (o.queued_at, o.id)
    ) as rank
    from (
      select p.id, p.user_id, p.queued_at from builds p where ${pending}
      order by p.queued_at, p.id
      limit ${oldest}
    ) o
    left join running r on r.user_id = o.user_id
  )`;
}

/** The claim order of fairQueue's or claimCandidates' rows, aliased `alias`. */
export const fairOrder = (alias: string): SQL => sql.raw(`${alias}.rank, ${alias}.queued_at, ${alias}.id`);
