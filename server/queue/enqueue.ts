import { eq, sql } from 'drizzle-orm';
import type { BuildRow, NewBuildRow } from '../builds/builds-repository';
import { appendServerLine } from '../builds/logs/build-events-repository';
import type { Db } from '../platform/db/client';
import { builds } from '../platform/db/schema';
import { beginRun, closeRun } from './build-runs';
import { recordLicenseIssue } from './jobs-repository';

/**
 * The state a build takes each time it enters the queue (submit, edit, rebuild, upgrade): pending at the back
 * of the queue, no holder, no attempt, no artifact, not finished, visible in the task list again. A function:
 * the time is the call's.
 */
const queuedState = () =>
  ({
    status: 'pending',
    progress: 0,
    attempts: 0,
    file_size: null,
    sha256: null,
    queued_at: new Date(),
    worker_id: null,
    lease_until: null,
    started_at: null,
    finished_at: null,
    cancel_requested: false,
    task_hidden: false,
  }) as const;

type Queued = ReturnType<typeof queuedState>;

// The only writers of a whole build row, status included: nothing outside server/queue/ may write a build's
// state (state-writers.test.ts); builds/builds-repository.ts writes only the fields others may change.
async function insertBuild(db: Db, values: NewBuildRow): Promise<BuildRow> {
  const [row] = await db.insert(builds).values(values).returning();
  return row;
}

async function updateBuild(db: Db, id: number, values: Partial<NewBuildRow>): Promise<BuildRow> {
  const [row] = await db
    .update(builds)
    .set({ ...values, updated_at: new Date() })
    .where(eq(builds.id, id))
    .returning();
  return row;
}

// Both run inside the caller's transaction, which holds the set's lock and recounts it. Becoming pending
// wakes the agents' waiting claims when that transaction commits (trigger jobs_claimable, migration 0011).

/** Queues a new build: its run 1 begins. */
export async function enqueueNew(db: Db, values: Omit<NewBuildRow, keyof Queued>): Promise<BuildRow> {
  const row = await insertBuild(db, { ...values, ...queuedState(), run: 1 });
  await beginRun(db, row);
  return row;
}

/**
 * Queues a build again, with `changes` to its settings (an edit, an upgrade) or none (a rebuild): a new run
 * begins; the earlier runs keep their records and logs (issue 17).
 */
export async function enqueueAgain(db: Db, id: number, changes: Partial<NewBuildRow>): Promise<BuildRow> {
  await closeRun(db, id);
  const row = await updateBuild(db, id, {
    ...changes,
    ...queuedState(),
    run: sql`${builds.run} + 1` as unknown as number,
  });
  await beginRun(db, row);
  return row;
}

/**
 * Issue 16: a new build served at once from `source`'s artifact (the same configuration): done, its digest
 * and size the source's, no agent run, and `line` in its log saying so.
 */
export async function enqueueReused(
  db: Db,
  values: Omit<NewBuildRow, keyof Queued>,
  source: Pick<BuildRow, 'sha256' | 'file_size'>,
  line: string,
): Promise<BuildRow> {
  const now = new Date();
  const row = await insertBuild(db, {
    ...values,
    ...queuedState(),
    status: 'done',
    progress: 100,
    sha256: source.sha256,
    file_size: source.file_size,
    queued_at: now,
    started_at: now,
    finished_at: now,
    run: 1,
  });
  await beginRun(db, row);
  await appendServerLine(db, row.id, 0, line);
  await recordLicenseIssue(db, row.id);
  return row;
}
