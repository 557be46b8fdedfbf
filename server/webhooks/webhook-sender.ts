import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/client';
import { enqueueMails } from '../platform/mail/outbox';
import { checkWebhookUrl, type Resolve, resolveAll } from './webhook-address';
import { postWebhook } from './webhook-post';
import { signedHeaders } from './webhook-signature';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  disableFailing,
  markAttemptFailed,
  markDelivered,
  releaseDeliveries,
} from './webhooks-repository';

export interface WebhookOptions {
  /** WEBHOOK_ALLOWED_HOSTS: hosts let through over http and on any address. */
  allowedHosts: string[];
  pollMs: number;
  leaseMs: number;
  /** The first retry waits this long, each next one twice as long, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Retries stop this long after a delivery's first attempt (or its "send again"). */
  retryForMs: number;
  timeoutMs: number;
  /** Failed attempts in a row after which an endpoint is disabled and its owner told. */
  disableAfterFailures: number;
  batchSize: number;
}

export const DEFAULT_WEBHOOK_OPTIONS: WebhookOptions = {
  allowedHosts: [],
  pollMs: 5_000,
  leaseMs: 60_000,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  retryForMs: 24 * 60 * 60_000,
  timeoutMs: 10_000,
  disableAfterFailures: 40,
  batchSize: 10,
};

export const DISABLED_REASON = 'It kept failing';

/** The back-off before the next attempt after `attempts` failed ones: base, 2×base, 4×base … up to max. */
export function webhookRetryDelayMs(attempts: number, options: WebhookOptions): number {
  return Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30));
}

/**
 * Drains the webhooks' outbox (issue 38), as OutboxSender drains the mail's: claims due rows (SKIP LOCKED,
 * with a lease), checks the endpoint's address again, signs and POSTs each, marks it delivered on a 2xx and
 * otherwise retries with back-off for a day. Every instance may run one. An endpoint failing
 * `disableAfterFailures` times in a row is disabled and its owner e-mailed (through the mail outbox).
 */
export class WebhookSender {
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    readonly options: WebhookOptions,
    private readonly log: FastifyBaseLogger,
    private readonly resolve: Resolve = resolveAll,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.soon(), this.options.pollMs);
    this.timer.unref();
  }

  /** A pass now rather than at the next poll; a failure is logged and the poll tries again. */
  soon(): void {
    this.drain().catch((error: unknown) => this.log.error({ err: error }, 'webhooks: pass failed'));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.pass?.catch(() => {});
  }

  /** One pass over what is due (another one after it, if asked for meanwhile). Resolves when done. */
  drain(): Promise<void> {
    if (this.pass) {
      this.again = true;
      return this.pass;
    }
    this.pass = (async () => {
      try {
        do {
          this.again = false;
          await this.passOnce();
        } while (this.again && !this.stopped);
      } finally {
        this.pass = undefined;
      }
    })();
    return this.pass;
  }

  private async passOnce(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const rows = await claimDueDeliveries(this.db, this.options.leaseMs, this.options.batchSize);
      if (rows.length === 0) return;
      for (const [index, row] of rows.entries()) {
        if (this.stopped) {
          await releaseDeliveries(
            this.db,
            rows.slice(index).map((left) => left.id),
          );
          return;
        }
        await this.deliver(row);
      }
      if (rows.length < this.options.batchSize) return;
    }
  }

  private async deliver(row: ClaimedDelivery): Promise<void> {
    const checked = await checkWebhookUrl(row.url, this.options.allowedHosts, this.resolve);
    const body = JSON.stringify(row.payload);
    const outcome = checked.ok
      ? await postWebhook(
          checked.target,
          signedHeaders(row.secret, row.message_id, body),
          body,
          this.options.timeoutMs,
        )
      : { status: null, error: checked.reason };
    if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) {
      await markDelivered(this.db, row, outcome.status);
      return;
    }
    const error = outcome.status === null ? outcome.error : `HTTP ${outcome.status}`;
    const endpoint = await markAttemptFailed(
      this.db,
      row,
      { status: outcome.status, error },
      webhookRetryDelayMs(row.attempts, this.options),
      this.options.retryForMs,
    );
    if (endpoint && endpoint.failures >= this.options.disableAfterFailures) await this.disable(row);
  }

  private async disable(row: ClaimedDelivery): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await disableFailing(tx, row.endpoint_id, DISABLED_REASON))) return;
      await enqueueMails(tx, [
        { kind: 'webhook_disabled', account_id: row.account_id, webhook_id: row.endpoint_id },
      ]);
    });
    this.log.warn({ endpoint: row.endpoint_id }, 'webhooks: an endpoint kept failing and was disabled');
  }
}
