import { LineLimiter, type LineLimits } from '../contract/log-limits';
import type { Redactor } from '../contract/redact';
import { type AgentApi, AgentApiError } from './api-client';
import type { JobEvent, JobState } from './protocol';

export interface ReporterOptions {
  /** How long lines gather before a batch is sent. */
  flushMs: number;
  /** With nothing to say, an empty batch still goes this often: it renews the lease and asks for cancel. */
  idleMs: number;
  maxBatch: number;
  /** How long `close` keeps resending what the server has not taken yet (a restart, a database outage). */
  closeMs?: number;
  /** Lines a second and in all (contract/log-limits.ts; tests give small ones). */
  lineLimits?: LineLimits;
  now?: () => number;
}

/** Each resend already retries with back-off (api-client); this bounds the whole. */
const DEFAULT_CLOSE_MS = 2 * 60_000;

export const DEFAULT_REPORTER_OPTIONS: ReporterOptions = { flushMs: 250, idleMs: 5_000, maxBatch: 200 };

/**
 * Sends a job's log lines and progress in batches numbered by `seq`. A batch is resent until the server
 * takes it (the server stores each (job, attempt, seq) once, so a retry after a lost answer doubles
 * nothing). Every answer carries the job's state: 'cancelling' and a lost job both call `onStop`.
 */
export class EventReporter {
  private readonly queue: JobEvent[] = [];
  private seq = 0;
  private lastProgress = -1;
  private timer: NodeJS.Timeout | undefined;
  private timerDue = 0;
  private sending: Promise<void> | undefined;
  private lastSent = Date.now();
  private closed = false;
  private readonly lines: LineLimiter;
  state: JobState = 'running';

  constructor(
    private readonly api: AgentApi,
    private readonly job: { id: number; attempt: number },
    private readonly redactor: Redactor,
    private readonly onStop: (reason: 'cancelled' | 'lost', error?: unknown) => void,
    private readonly options: ReporterOptions = DEFAULT_REPORTER_OPTIONS,
  ) {
    this.lines = new LineLimiter(options.lineLimits, options.now);
    this.schedule(options.idleMs);
  }

  /** Each non-blank line, masked and clipped, within the run's bounds (contract/log-limits.ts: markers where cut). */
  log(line: string): void {
    for (const part of line.split(/\r?\n/)) {
      if (part.trim() === '') continue;
      for (const out of this.lines.take(this.redactor.line(part))) this.push('log', out);
    }
  }

  progress(percent: number): void {
    const value = Math.max(0, Math.min(100, Math.round(percent)));
    if (value === this.lastProgress) return;
    this.lastProgress = value;
    this.push('progress', value);
  }

  /**
   * Sends everything still queued and stops the timer. A batch the server cannot take yet is resent until
   * `closeMs` has passed: the build's last lines are not dropped because the console was restarting.
   */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.sending;
    this.queueDropped(true);
    const deadline = Date.now() + (this.options.closeMs ?? DEFAULT_CLOSE_MS);
    while (this.queue.length > 0 && this.state === 'running') {
      const result = await this.flushOnce();
      if (result === 'stop' || (result === 'retry' && Date.now() >= deadline)) break;
      if (result === 'retry') await new Promise((r) => setTimeout(r, this.options.flushMs));
    }
  }

  private push(type: JobEvent['type'], data: string | number): void {
    if (this.closed && this.state !== 'running') return;
    // log() passes text and progress() a number: the pair is one of JobEvent's.
    this.queue.push({ seq: ++this.seq, type, data } as JobEvent);
    if (!this.closed) this.schedule(this.options.flushMs);
  }

  /** The marker of lines dropped over the rate, once due (always with `now`), straight into the queue. */
  private queueDropped(now = false): void {
    const marker = this.lines.due(now);
    if (marker && this.state === 'running') this.queue.push({ seq: ++this.seq, type: 'log', data: marker });
  }

  /** Arms the one timer for `ms` from now, unless it is already due sooner (or a batch is on its way). */
  private schedule(ms: number): void {
    if (this.closed || this.sending || this.state !== 'running') return;
    const due = Date.now() + ms;
    if (this.timer && this.timerDue <= due) return;
    clearTimeout(this.timer);
    this.timerDue = due;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.queueDropped();
      this.sending = this.flushOnce().then(() => {
        this.sending = undefined;
        const idle = this.options.idleMs - (Date.now() - this.lastSent);
        this.schedule(this.queue.length > 0 ? this.options.flushMs : Math.max(0, idle));
      });
    }, ms);
  }

  /** One batch; 'stop' when the job is gone or cancelled (nothing more is worth sending). */
  private async flushOnce(): Promise<'sent' | 'stop' | 'retry'> {
    const batch = this.queue.slice(0, this.options.maxBatch);
    try {
      const state = await this.api.events(this.job.id, this.job.attempt, batch);
      this.queue.splice(0, batch.length);
      this.lastSent = Date.now();
      if (state === 'cancelling' && this.state !== 'cancelling') {
        this.state = 'cancelling';
        this.onStop('cancelled');
        return 'stop';
      }
      return 'sent';
    } catch (error) {
      if (error instanceof AgentApiError && error.jobLost) {
        this.state = 'cancelling';
        this.onStop('lost', error);
        return 'stop';
      }
      // Out of retries on a transient failure: keep the batch and try again on the next tick.
      return 'retry';
    }
  }
}
