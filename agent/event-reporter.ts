import { type AgentApi, AgentApiError } from './api-client';
import type { JobEvent, JobState } from './protocol';
import type { Redactor } from './redact';

export interface ReporterOptions {
  /** How long lines gather before a batch is sent. */
  flushMs: number;
  /** With nothing to say, an empty batch still goes this often: it renews the lease and asks for cancel. */
  idleMs: number;
  maxBatch: number;
  /** How long `close` keeps resending what the server has not taken yet (a restart, a database outage). */
  closeMs?: number;
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
  state: JobState = 'running';

  constructor(
    private readonly api: AgentApi,
    private readonly job: { id: number; attempt: number },
    private readonly redactor: Redactor,
    private readonly onStop: (reason: 'cancelled' | 'lost', error?: unknown) => void,
    private readonly options: ReporterOptions = DEFAULT_REPORTER_OPTIONS,
  ) {
    this.schedule(options.idleMs);
  }

  log(line: string): void {
    for (const part of line.split(/\r?\n/)) {
      if (part.trim() !== '') this.push('log', this.redactor.line(part));
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

  /** Arms the one timer for `ms` from now, unless it is already due sooner (or a batch is on its way). */
  private schedule(ms: number): void {
    if (this.closed || this.sending || this.state !== 'running') return;
    const due = Date.now() + ms;
    if (this.timer && this.timerDue <= due) return;
    clearTimeout(this.timer);
    this.timerDue = due;
    this.timer = setTimeout(() => {
      this.timer = undefined;
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
