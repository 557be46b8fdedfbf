import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mailFailures } from '../health/event-metrics';
import type { Mailer, MailMessage } from './mailer';
import {
  claimDueMails,
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

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Drains the mail outbox: claims due rows (SKIP LOCKED, with a lease), renders each one, sends it, and marks
 * it sent; a failed send is retried with back-off. Rows live in the database, so a restart or an SMTP outage
 * loses nothing, and every API instance can run a sender without sending a row twice.
 */
export class OutboxSender {
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<number> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly compose: OutboxComposer,
    readonly options: OutboxOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

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
      message = await this.compose(row);
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
    mailFailures.inc();
    const outcome = await markMailFailed(this.db, row, errorText(error), this.options);
    this.log.warn(
      { outbox_id: row.id, attempts: row.attempts, err: error, outcome },
      outcome === 'failed' ? 'mail outbox: gave up on a mail' : 'mail outbox: send failed, will retry',
    );
  }

  /** Stops claiming; the mail being sent finishes and is marked, claimed ones not yet sent are freed. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.pass?.catch(() => undefined);
  }
}
