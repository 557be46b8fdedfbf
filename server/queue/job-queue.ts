import { type AgentEvent, appendAgentEvents, appendServerLine } from '../builds/logs/build-events-repository';
import type { Db } from '../platform/db/client';
import type { BuildEventsBus } from '../tasks/build-events-bus';
import { syncRuns } from './build-runs';
import { changeJobs, type JobChange, toMessage } from './job-changes';
import {
  type ClaimedJobRow,
  cancelJobs,
  claimJob,
  type EndedJob,
  finishJob,
  type HeldJob,
  refreshSetCounters,
  setProgress,
  unclaimJob,
} from './jobs-repository';
import { findExpiredLeases, recoverExpired, requeueAgentJobs } from './lease-recovery';
import type { QueueObserver } from './queue-observer';
import type { QueueOptions } from './queue-options';

type Logger = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

/** What an agent says of a job it ends. */
export interface Outcome {
  status: 'done' | 'failed';
  sha256?: string;
  size?: number;
  reason?: string;
}

function finishLine(job: EndedJob, { size, sha256, reason }: Outcome): string {
  if (job.status === 'done') return `Done: ${size} bytes, sha256 ${sha256}`;
  if (job.status === 'cancelled') return 'Cancelled';
  return `Failed: ${reason?.trim() || 'the agent gave no reason'}`;
}

/**
 * The build queue, and the only writer of a build's state once it is queued: the long-poll claim, the agent's
 * reports, finishing, cancelling, putting jobs back (an expired lease, a blocked agent, a build given back).
 * Every change goes through changeJobs (log line, counters, live event); a build that becomes pending wakes
 * the waiting claims by the database's own notice (trigger jobs_claimable), polling being the fallback.
 * Queueing a build (submit, edit, rebuild, upgrade) is ./enqueue.ts, inside the sets' transactions.
 */
export class JobQueue {
  private sweeper: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;
  /** When the sweep timer last found this process stalled; sweeps wait a round after it. */
  private stalledAt = 0;
  private closing = false;
  private waitingClaims = 0;

  constructor(
    private readonly db: Db,
    private readonly bus: BuildEventsBus,
    readonly options: QueueOptions,
    private readonly log?: Logger,
    /** Told of the changes this instance makes, once committed (the metrics; queue-observer.ts). */
    private readonly observer?: QueueObserver,
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

  /** Claims on this instance that found no job and wait for a wake-up. */
  get waiting(): number {
    return this.waitingClaims;
  }

  /**
   * Claims a job for the agent, waiting up to `waitMs` for one. `gone()` says the agent hung up: a job
   * claimed for nobody is put back.
   */
  async claim(
    agent: { id: number; token_hash: string },
    waitMs: number,
    gone: () => boolean,
  ): Promise<ClaimedJobRow | undefined> {
    const deadline = Date.now() + waitMs;
    await this.sweep();
    for (;;) {
      if (gone() || this.closing) return undefined;
      // Listening before looking: a build queued between the look and the wait still wakes this claim.
      const wake = this.armWake(gone);
      const job = await this.db
        .transaction(async (tx) => {
          const claimed = await claimJob(tx, agent, this.options.leaseMs);
          if (claimed) await syncRuns(tx, [claimed.id]);
          return claimed;
        })
        .catch((error) => {
          wake.cancel();
          throw error;
        });
      const left = deadline - Date.now();
      if (job || left <= 0) wake.cancel();
      if (job) {
        // One turn of the event loop's I/O first: an agent that hung up while the job was being claimed (its
        // socket's close not read yet) is seen as gone, and the job goes back instead of waiting out a lease.
        await new Promise((resolve) => setImmediate(resolve));
        if (gone()) {
          await this.db.transaction(async (tx) => {
            await unclaimJob(tx, job.id, agent.id);
            await syncRuns(tx, [job.id]);
          });
          return undefined;
        }
        // A retry (an expired lease put the build back) would count its earlier attempts' time as waiting.
        if (job.attempt === 1) this.observer?.buildStarted(job.waited_seconds);
        await this.claimed(job);
        return job;
      }
      if (left <= 0) return undefined;
      await wake.wait(Math.min(left, this.options.pollMs));
    }
  }

  private async claimed(job: ClaimedJobRow): Promise<void> {
    // Issue 17: a rebuilt job's earlier runs keep their logs (the lines carry their run).
    await refreshSetCounters(this.db, [job.group_id]);
  }

  /**
   * A wake-up listened for from now on. `wait(ms)` resolves at once if one came meanwhile, else on the next
   * one, after `ms`, or when the agent hangs up or the server closes (checked every 250 ms).
   */
  private armWake(gone: () => boolean): { cancel: () => void; wait: (ms: number) => Promise<void> } {
    let woken = false;
    let wakeNow: (() => void) | undefined;
    const off = this.bus.onJobs(() => {
      woken = true;
      wakeNow?.();
    });
    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        if (woken) {
          off();
          resolve();
          return;
        }
        this.waitingClaims++;
        const done = () => {
          if (wakeNow === undefined) return;
          wakeNow = undefined;
          this.waitingClaims--;
          clearTimeout(timer);
          clearInterval(watch);
          off();
          resolve();
        };
        wakeNow = done;
        const timer = setTimeout(done, ms);
        const watch = setInterval(() => (gone() || this.closing) && done(), 250);
      });
    return { cancel: off, wait };
  }

  /** An agent's log lines and progress for a job it holds; a batch sent again stores nothing twice. */
  /** An agent's log lines and progress; `marker`: a server line after them (e.g. that lines were dropped). */
  async report(job: HeldJob, events: AgentEvent[], marker?: string): Promise<void> {
    const stored = await appendAgentEvents(this.db, job.id, job.attempt, events);
    if (marker) stored.push(await appendServerLine(this.db, job.id, job.attempt, marker));
    const progress = stored.filter((row) => row.type === 'progress').at(-1);
    if (progress) await setProgress(this.db, job.id, Number(progress.data));
    await this.bus.publish(stored.map((row) => toMessage(row)));
  }

  /** Ends a job the worker holds as it says, or 'cancelled' if a cancel was asked for; undefined if not held. */
  async finish(job: HeldJob, agentId: number, outcome: Outcome): Promise<EndedJob | undefined> {
    const [change] = await changeJobs(this.db, this.bus, async (tx) => {
      const ended = await finishJob(tx, job.id, agentId, outcome.status);
      return ended ? [{ job: ended, line: finishLine(ended, outcome), progress: ended.progress }] : [];
    });
    const ended = change?.job;
    if (ended && ended.status !== 'pending' && ended.status !== 'in_progress')
      this.observer?.buildEnded(ended.status, ended.ran_seconds);
    return ended;
  }

  /**
   * Cancels builds: pending ones at once, running ones at their agent's next call. `by`: who asked, as the
   * log says it. `alongside`: what the caller writes in the same transaction (issue 36: the audit rows of an
   * admin's cancel, the tasks' removal from the list), before the cancel, so that its failure stops it.
   */
  /** Answers how many of them were pending or running (cancelled, or asked to stop). */
  async cancel(ids: number[], by: string, alongside?: (tx: Db) => Promise<void>): Promise<number> {
    const changes = await changeJobs(this.db, this.bus, async (tx) => {
      await alongside?.(tx);
      return (await cancelJobs(tx, ids)).map((job) => ({
        job,
        line:
          job.status === 'cancelled' ? `Cancelled by ${by}` : `Cancel requested by ${by}; stopping the build`,
      }));
    });
    return changes.length;
  }

  /**
   * A build the worker abandoned goes back to the queue now, not when its lease ends, its attempt not
   * counted (the embedded agent on shutdown). Answers whether the worker still held it.
   */
  async giveBack(jobId: number, agentId: number, why: string): Promise<boolean> {
    const changes = await changeJobs(this.db, this.bus, async (tx) => {
      const job = await unclaimJob(tx, jobId, agentId);
      return job ? [{ job, line: `${why}; back in the queue`, progress: 0 }] : [];
    });
    return changes.length > 0;
  }

  /** A blocked or deleted worker's jobs go back to the queue at once. */
  async releaseAgent(agentId: number, why: string): Promise<void> {
    await this.putBack(
      (tx) => requeueAgentJobs(tx, agentId),
      (job) => (job.status === 'pending' ? `${why}; back in the queue` : `Cancelled (${why.toLowerCase()})`),
    );
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
      const { maxAttempts } = this.options;
      const taken = await this.putBack(
        (tx) => recoverExpired(tx, expired, maxAttempts),
        (job) =>
          job.status === 'pending'
            ? `The agent stopped answering (lease expired); attempt ${job.attempt} of ${maxAttempts} counted, back in the queue`
            : job.status === 'failed'
              ? `Failed: the agent stopped answering on attempt ${job.attempt} of ${maxAttempts}`
              : 'Cancelled (the agent stopped answering)',
      );
      const failed = taken.filter((job) => job.status === 'failed').length;
      if (taken.length > 0) this.observer?.leasesExpired(taken.length, failed);
    } catch (error) {
      this.log?.warn({ err: error }, 'lease sweep failed');
    }
  }

  /** Answers the jobs it changed: those another instance's sweep took first are not among them. */
  private async putBack(
    write: (tx: Db) => Promise<EndedJob[]>,
    line: (job: EndedJob) => string,
  ): Promise<EndedJob[]> {
    const changes = await changeJobs(this.db, this.bus, async (tx) =>
      (await write(tx)).map(
        (job): JobChange<EndedJob> => ({
          job,
          line: line(job),
          progress: job.status === 'pending' ? 0 : undefined,
        }),
      ),
    );
    if (changes.length === 0) return [];
    const jobs = changes.map(({ job }) => ({ id: job.id, status: job.status }));
    this.log?.info({ jobs }, 'jobs re-queued');
    return changes.map(({ job }) => job);
  }
}
