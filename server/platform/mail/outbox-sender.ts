import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Mailer, MailMessage } from './mailer';
import {
  claimDueMails,
  type MailKind,
  type MailOutboxRow,
  markMailDropped,
  markMailFailed,
  markMailSent,
  type OutboxOptions,
  releaseMailClaims,
} from './outbox';

/**
 * What a row says to send, rendered at send time: a message, or why nothing is to be sent any more (the
 * release was removed, the account opted out …).
 */
export type OutboxComposer = (row: MailOutboxRow) => Promise<MailMessage | { drop: string }>;

/**
 * A send that failed (SMTP refused or unreachable, or the row could not be rendered): `retry` when the row
 * waits for its next attempt, `failed` when it was given up. The hook for metrics and alerts
 * (`OutboxSender.onFailure`; mail-metrics.ts counts them as firmware_mail_failures_total).
 */
export interface MailFailure {
  kind: MailKind;
  outcome: 'retry' | 'failed';
  error: unknown;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Drains the mail outbox: claims due rows (SKIP LOCKED, with a lease), renders each one with the composer of
 * its kind, sends it, and marks it sent; a failed send is retried with back-off. Rows live in the database, so
 * a restart or an SMTP outage loses nothing, and every API instance can run a sender without sending a row
 * twice. The features register their kinds' composers (`compose`) when the app is built.
 */
export class OutboxSender {
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<number> | undefined;
  private again = false;
  private stopped = false;
  private readonly composers = new Map<MailKind, OutboxComposer>();
  private readonly failureListeners = new Set<(failure: MailFailure) => void>();

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    readonly options: OutboxOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** How rows of `kind` are rendered at send time. */
  compose(kind: MailKind, composer: OutboxComposer): void {
    if (this.composers.has(kind))
      throw new Error(`mail outbox: a composer for ${kind} is already registered`);
    this.composers.set(kind, composer);
  }

  /** Calls `listener` on every failed send (metrics); answers a function that stops it. */
  onFailure(listener: (failure: MailFailure) => void): () => void {
    this.failureListeners.add(listener);
    return () => this.failureListeners.delete(listener);
  }

  /**
   * A drain now rather than at the next poll, without waiting for it: for a mail someone waits for (a reset
   * link), right after its row committed. A failure is logged; the poll tries again.
   */
  soon(): void {
    this.drain().catch((error: unknown) => this.log.error({ err: error }, 'mail outbox: pass failed'));
  }

  start(): void {
    this.timer = setInterval(() => {
      this.drain().catch((error: unknown) => this.log.error({ err: error }, 'mail outbox: pass failed'));
    }, this.options.pollMs);
    this.timer.unref();
  }

  /**
   * Sends everything due now; resolves with how many rows were handled. A call during a pass makes that
   * pass look once more before it ends, so what was due when this was called is handled when it resolves.
   */
  drain(): Promise<number> {
    if (this.pass) {
      this.again = true;
      return this.pass;
    }
    this.pass = this.run().finally(() => {
      this.pass = undefined;
    });
    return this.pass;
  }

  private async run(): Promise<number> {
    let handled = 0;
    const failed: number[] = [];
    do {
      this.again = false;
      for (;;) {
        if (this.stopped) return handled;
        const rows = await claimDueMails(this.db, this.options, failed);
        if (rows.length === 0) break;
        for (const [index, row] of rows.entries()) {
          if (this.stopped) {
            await releaseMailClaims(
              this.db,
              rows.slice(index).map((r) => r.id),
            );
            return handled;
          }
          if (!(await this.handle(row))) failed.push(row.id);
          handled += 1;
        }
      }
    } while (this.again && !this.stopped);
    return handled;
  }

  /** Sends (or drops) one claimed row; false when it failed and waits for a retry. */
  private async handle(row: MailOutboxRow): Promise<boolean> {
    let message: MailMessage | { drop: string };
    try {
      const composer = this.composers.get(row.kind);
      // A kind this instance does not know (a newer instance queued it during a rolling upgrade): retried.
      if (!composer) throw new Error(`no composer for mail kind ${row.kind}`);
      message = await composer(row);
    } catch (error) {
      await this.failed(row, error);
      return false;
    }
    if ('drop' in message) {
      await markMailDropped(this.db, row.id, message.drop);
      this.log.info({ outbox_id: row.id, reason: message.drop }, 'mail outbox: not sent');
      return true;
    }
    try {
      await this.mailer.send(message);
    } catch (error) {
      await this.failed(row, error);
      return false;
    }
    await markMailSent(this.db, row.id);
    return true;
  }

  private async failed(row: MailOutboxRow, error: unknown): Promise<void> {
    const outcome = await markMailFailed(this.db, row, errorText(error), this.options);
    this.log.warn(
      { outbox_id: row.id, kind: row.kind, attempts: row.attempts, err: error, outcome },
      outcome === 'failed' ? 'mail outbox: gave up on a mail' : 'mail outbox: send failed, will retry',
    );
    for (const listener of this.failureListeners) {
      try {
        listener({ kind: row.kind, outcome, error });
      } catch (listenerError) {
        this.log.error({ err: listenerError }, 'mail outbox: a failure listener threw');
      }
    }
  }

  /** Stops claiming; the mail being sent finishes and is marked, claimed ones not yet sent are freed. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.pass?.catch(() => undefined);
  }
}
