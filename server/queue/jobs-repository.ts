import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { buildAgents, builds } from '../platform/db/schema';
import { lockSet, recountSet } from '../sets/sets-repository';
import { claimCandidates, fairOrder } from './fair-order';

// The build queue's state changes, one query each (graphile-worker's getJobs/resetLockedAt, pg-boss). Times
// come from the database's clock, so several API instances agree on every lease. Only the queue
// (server/queue/) calls the writers here: it adds the log line, the counters and the live event to each.

const leaseEnd = (leaseMs: number) =>
  sql`now() + (${Math.round(leaseMs)}::integer * interval '1 millisecond')`;

/** What an agent gets when it claims a job. */
export interface ClaimedJobRow {
  id: number;
  uuid: string;
  group_id: number;
  attempt: number;
  spec: Record<string, unknown>;
  /** Seconds from entering the queue (queued_at) to this claim, for the queue-wait histogram. */
  waited_seconds: number;
}

/** The oldest builds a claim considers besides each account's first: more agents claiming at once wait. */
const CLAIM_CANDIDATES = 16;

/**
 * Claims the next pending job in the fair order (issue 36, fair-order.ts) for `agentId`. The candidates are
 * read first, in that order and unlocked (FOR UPDATE cannot share a SELECT with their window and union, and
 * joined back to builds the planner scans the whole queue); each is then claimed by id with SKIP LOCKED, the
 * next one tried when another claim holds it or took it meanwhile, so two agents never get the same job. A job
 * that finished before (a rebuild queued it again) starts a new round of attempts at 1.
 */
export async function claimJob(
  db: Db,
  agent: { id: number; token_hash: string },
  leaseMs: number,
): Promise<ClaimedJobRow | undefined> {
  const agentId = agent.id;
  // A claim waits up to ~25 s: the worker may have been blocked, deleted or given a new token meanwhile.
  const stillValid = db
    .select({ id: buildAgents.id })
    .from(buildAgents)
    .where(
      and(
        eq(buildAgents.id, agent.id),
        eq(buildAgents.token_hash, agent.token_hash),
        eq(buildAgents.is_blocked, false),
      ),
    );
  if ((await stillValid).length === 0) return undefined;
  const candidates = await db.execute(sql`
    select f.id from ${claimCandidates(CLAIM_CANDIDATES)} f order by ${fairOrder('f')} limit ${CLAIM_CANDIDATES}`);
  for (const { id } of (candidates as unknown as { rows: { id: number }[] }).rows) {
    const free = sql`select id from builds
      where id = ${Number(id)} and status = 'pending' and is_removed = false
      for update skip locked`;
    const [row] = await db
      .update(builds)
      .set({
        status: 'in_progress',
        worker_id: agentId,
        lease_until: leaseEnd(leaseMs),
        started_at: sql`now()`,
        finished_at: null,
        progress: 0,
        cancel_requested: false,
        attempts: sql`case when ${builds.finished_at} is not null then 1 else ${builds.attempts} + 1 end`,
        updated_at: sql`now()`,
      })
      .where(and(sql`${builds.id} = (${free})`, exists(stillValid)))
      .returning({
        id: builds.id,
        uuid: builds.uuid,
        group_id: builds.group_id,
        attempt: builds.attempts,
        spec: builds.job_spec,
        waited_seconds: sql<number>`extract(epoch from now() - ${builds.queued_at})`.mapWith(Number),
      });
    if (row) return row;
  }
  return undefined;
}

export interface HeldJob {
  id: number;
  uuid: string;
  group_id: number;
  attempt: number;
  cancel_requested: boolean;
  sha256: string | null;
  file_size: number | null;
}

const held = {
  id: builds.id,
  uuid: builds.uuid,
  group_id: builds.group_id,
  attempt: builds.attempts,
  cancel_requested: builds.cancel_requested,
  sha256: builds.sha256,
  file_size: builds.file_size,
};

const heldBy = (id: number, agentId: number) =>
  and(eq(builds.id, id), eq(builds.worker_id, agentId), eq(builds.status, 'in_progress'));

/** The job, if `agentId` holds it now; its lease is renewed by the same statement. */
export async function renewLease(
  db: Db,
  id: number,
  agentId: number,
  leaseMs: number,
): Promise<HeldJob | undefined> {
  const [row] = await db
    .update(builds)
    .set({ lease_until: leaseEnd(leaseMs) })
    .where(heldBy(id, agentId))
    .returning(held);
  return row;
}

/**
 * A heartbeat renews the leases of the jobs the agent says it is building, not of everything the worker
 * holds: a job the agent dropped (or forgot in a restart) must expire, not be renewed for ever.
 */
export async function renewAgentLeases(
  db: Db,
  agentId: number,
  jobIds: number[],
  leaseMs: number,
): Promise<void> {
  if (jobIds.length === 0) return;
  await db
    .update(builds)
    .set({ lease_until: leaseEnd(leaseMs) })
    .where(and(eq(builds.worker_id, agentId), eq(builds.status, 'in_progress'), inArray(builds.id, jobIds)));
}

export async function setProgress(db: Db, id: number, progress: number): Promise<void> {
  await db
    .update(builds)
    .set({ progress: Math.max(0, Math.min(100, Math.round(progress))) })
    .where(and(eq(builds.id, id), eq(builds.status, 'in_progress')));
}

/** The uploaded artifact replaced `<uuid>.tar.gz`: the row says which bytes it holds. */
export async function recordArtifact(
  db: Db,
  id: number,
  agentId: number,
  artifact: { sha256: string; size: number },
): Promise<boolean> {
  const rows = await db
    .update(builds)
    .set({ sha256: artifact.sha256, file_size: artifact.size, updated_at: sql`now()` })
    .where(heldBy(id, agentId))
    .returning({ id: builds.id });
  return rows.length > 0;
}

export interface EndedJob {
  id: number;
  uuid: string;
  group_id: number;
  status: 'pending' | 'in_progress' | 'done' | 'failed' | 'cancelled';
  attempt: number;
  progress: number;
}

/** The columns a job's end answers (exported for the lease recovery). */
export const ended = {
  id: builds.id,
  uuid: builds.uuid,
  group_id: builds.group_id,
  status: builds.status,
  attempt: builds.attempts,
  progress: builds.progress,
};

/** A job an agent finished, with the seconds since its claim (the build-duration histogram). */
export interface FinishedJob extends EndedJob {
  ran_seconds: number;
}

/** Finishes a held job: done (progress 100) or failed, or cancelled when a cancel was asked for meanwhile. */
export async function finishJob(
  db: Db,
  id: number,
  agentId: number,
  status: 'done' | 'failed',
): Promise<FinishedJob | undefined> {
  const [row] = await db
    .update(builds)
    .set({
      status: sql`case when ${builds.cancel_requested} then 'cancelled' else ${status} end`,
      progress:
        status === 'done'
          ? sql`case when ${builds.cancel_requested} then ${builds.progress} else 100 end`
          : undefined,
      finished_at: sql`now()`,
      lease_until: null,
      is_updating: false,
      cancel_requested: false,
      updated_at: sql`now()`,
    })
    .where(heldBy(id, agentId))
    .returning({
      ...ended,
      ran_seconds: sql<number>`extract(epoch from now() - ${builds.started_at})`.mapWith(Number),
    });
  if (row?.status === 'done') await recordLicenseIssue(db, row.id);
  return row;
}

/**
 * Issue 17: a done build carrying a license has issued it, for good (a later cancel, rebuild or removal does
 * not take it back). Called in the transaction that makes the build done.
 */
export async function recordLicenseIssue(db: Db, buildId: number): Promise<void> {
  await db.execute(sql`
    insert into license_issues (build_id, license_id)
    select id, license_id from builds
    where id = ${buildId} and add_license = true and license_id is not null
    on conflict do nothing`);
}

/**
 * Undoes a claim, its attempt not counted: one nobody received (the agent hung up while its claim was
 * answered), or a build its agent gave back (the embedded agent on shutdown). Answers the job, if the worker
 * still held it.
 */
export async function unclaimJob(db: Db, id: number, agentId: number): Promise<EndedJob | undefined> {
  const [row] = await db
    .update(builds)
    .set({
      status: 'pending',
      worker_id: null,
      lease_until: null,
      started_at: null,
      progress: 0,
      attempts: sql`greatest(${builds.attempts} - 1, 0)`,
    })
    .where(heldBy(id, agentId))
    .returning(ended);
  return row;
}

/**
 * Cancels tasks: pending ones at once, running ones by flagging them for their agent (it learns it from its
 * next events answer). Answers the ids whose state changed, with their group.
 */
export async function cancelJobs(
  db: Db,
  ids: number[],
): Promise<{ id: number; group_id: number; status: string; attempt: number }[]> {
  if (ids.length === 0) return [];
  return db
    .update(builds)
    .set({
      status: sql`case when ${builds.status} = 'pending' then 'cancelled' else ${builds.status} end`,
      cancel_requested: sql`${builds.status} = 'in_progress'`,
      finished_at: sql`case when ${builds.status} = 'pending' then now() else ${builds.finished_at} end`,
      is_updating: sql`case when ${builds.status} = 'pending' then false else ${builds.is_updating} end`,
      updated_at: sql`now()`,
    })
    .where(and(inArray(builds.id, ids), inArray(builds.status, ['pending', 'in_progress'])))
    .returning({ id: builds.id, group_id: builds.group_id, status: builds.status, attempt: builds.attempts });
}

/**
 * Refreshes the set's counters after a status change. It runs after the change committed, under the set's
 * lock: the last recount of a set always sees every change, and the queue never waits on a set's lock
 * while it holds a build's (no lock-order deadlock with the sets' own writes, which lock the set first).
 */
export async function refreshSetCounters(db: Db, setIds: Iterable<number>): Promise<void> {
  for (const setId of new Set(setIds)) {
    await db.transaction(async (tx) => {
      await lockSet(tx, setId);
      await recountSet(tx, setId);
    });
  }
}
