import { appendServerLine, type BuildEventRow, clearEvents } from '../db/build-events-repository';
import type { Db } from '../db/client';
import {
  type ClaimedJobRow,
  claimJob,
  type EndedJob,
  findExpiredLeases,
  recoverExpired,
  refreshGroupCounters,
  requeueWorkerJobs,
  unclaimJob,
} from '../db/jobs-repository';
import type { BuildEventMessage, BuildEventsBus } from './build-events-bus';
import type { QueueOptions } from './queue-options';

type Logger = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

/** A stored event as WebSocket clients receive it. */
export function toMessage(row: BuildEventRow): BuildEventMessage {
  return row.type === 'progress'
    ? { fw_id: row.build_id, type: 'progress_build', data: Number(row.data), seq: row.id }
    : { fw_id: row.build_id, type: 'log_build', data: row.data, seq: row.id };
}

/**
 * The queue's moving parts around the SQL of jobs-repository: the long-poll claim (woken by the bus,
 * polling as the fallback), the lease sweep, and the log lines and counters every status change needs.
 */
export class JobQueue {
  private sweeper: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;
  /** When the sweep timer last found this process stalled; sweeps wait a round after it. */
  private stalledAt = 0;
  private closing = false;

  constructor(
    private readonly db: Db,
    private readonly bus: BuildEventsBus,
    readonly options: QueueOptions,
    private readonly log?: Logger,
  ) {}

  start(): void {
    const every = this.options.sweepMs;
    let due = Date.now() + every;
    this.sweeper = setInterval(() => {
      const now = Date.now();
      // A tick a whole round late means this process stalled (CPU starvation, a long GC pause): the agents'
      // calls made meanwhile are still unread, and a timer runs before I/O. Sweeping now would blame them.
      if (now - due > every) this.stalledAt = now;
      due = now + every;
      void this.sweep();
    }, every);
    this.sweeper.unref();
  }

  /** The server is closing: waiting claims answer 204 now rather than hold the close up for ~25 s. */
  close(): void {
    this.closing = true;
  }

  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    await this.sweeping;
  }

  /** New pending jobs (a submit, a rebuild): waiting claims look at once, on every instance. */
  jobsAdded(): void {
    this.bus.jobsAvailable();
  }

  /**
   * Claims a job for the worker, waiting up to `waitMs` for one. `gone()` says the agent hung up: a job
   * claimed for nobody is put back.
   */
  async claim(
    worker: { id: number; token_hash: string },
    waitMs: number,
    gone: () => boolean,
  ): Promise<ClaimedJobRow | undefined> {
    const deadline = Date.now() + waitMs;
    await this.sweep();
    for (;;) {
      if (gone() || this.closing) return undefined;
      const job = await claimJob(this.db, worker, this.options.leaseMs);
      if (job) {
        if (gone()) {
          await unclaimJob(this.db, job.id, worker.id);
          this.jobsAdded();
          return undefined;
        }
        await this.claimed(job);
        return job;
      }
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      await this.wake(Math.min(left, this.options.pollMs), gone);
    }
  }

  private async claimed(job: ClaimedJobRow): Promise<void> {
    // A rebuilt job starts a new log; older lines belong to its previous round.
    if (job.attempt === 1) await clearEvents(this.db, job.id);
    await refreshGroupCounters(this.db, [job.group_id]);
  }

  /** Resolves on a wake-up, after `ms`, or when the agent hangs up (checked every 250 ms). */
  private wake(ms: number, gone: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        clearInterval(watch);
        off();
        resolve();
      };
      const off = this.bus.onJobs(done);
      const timer = setTimeout(done, ms);
      const watch = setInterval(() => (gone() || this.closing) && done(), 250);
    });
  }

  /**
   * Puts expired leases back (or fails them); runs on a timer and before every claim, except for a round
   * after a stall of this process, while the calls that came in meanwhile are read.
   */
  sweep(): Promise<void> {
    if (Date.now() - this.stalledAt < this.options.sweepMs) return Promise.resolve();
    this.sweeping ??= this.recover().finally(() => {
      this.sweeping = undefined;
    });
    return this.sweeping;
  }

  private async recover(): Promise<void> {
    try {
      const asked = performance.now();
      const expired = await findExpiredLeases(this.db);
      if (expired.ids.length === 0) return;
      // The read itself waited long: this process or its database was stalled or swamped, and calls the
      // agents made meanwhile may still be waiting their turn. The next round decides.
      if (performance.now() - asked > this.options.leaseMs / 4) return;
      const jobs = await recoverExpired(this.db, expired, this.options.maxAttempts);
      await this.afterRequeue(jobs, (job) =>
        job.status === 'pending'
          ? `The agent stopped answering (lease expired); attempt ${job.attempt} of ${this.options.maxAttempts} counted, back in the queue`
          : job.status === 'failed'
            ? `Failed: the agent stopped answering on attempt ${job.attempt} of ${this.options.maxAttempts}`
            : 'Cancelled (the agent stopped answering)',
      );
    } catch (error) {
      this.log?.warn({ err: error }, 'lease sweep failed');
    }
  }

  /** A blocked or deleted worker's jobs go back to the queue at once. */
  async releaseWorker(workerId: number, why: string): Promise<void> {
    const jobs = await requeueWorkerJobs(this.db, workerId);
    await this.afterRequeue(jobs, (job) =>
      job.status === 'pending' ? `${why}; back in the queue` : `Cancelled (${why.toLowerCase()})`,
    );
  }

  private async afterRequeue(jobs: EndedJob[], line: (job: EndedJob) => string): Promise<void> {
    if (jobs.length === 0) return;
    const messages: BuildEventMessage[] = [];
    for (const job of jobs) {
      const row = await appendServerLine(this.db, job.id, job.attempt, line(job));
      messages.push(toMessage(row));
      if (job.status === 'pending')
        messages.push({ fw_id: job.id, type: 'progress_build', data: 0, seq: row.id });
    }
    await refreshGroupCounters(
      this.db,
      jobs.map((job) => job.group_id),
    );
    await this.bus.publish(messages);
    if (jobs.some((job) => job.status === 'pending')) this.jobsAdded();
    this.log?.info({ jobs: jobs.map((j) => ({ id: j.id, status: j.status })) }, 'jobs re-queued');
  }
}
