import { Counter, type Registry } from 'prom-client';
import type { OutboxSender } from './outbox-sender';

/** The counter's name in GET /api/metrics; alert on its rate (issue 43 §5). */
export const MAIL_FAILURES_METRIC = 'firmware_mail_failures_total';

/**
 * Counts the outbox's failed sends by kind of mail and outcome (`retry`: it waits for its next attempt,
 * `failed`: given up), in this instance's registry. Counted where the sender reports them, so that
 * server/platform/health/metrics.ts needs nothing of the mail's.
 */
export function registerMailMetrics(registry: Registry, sender: OutboxSender): void {
  const failures = new Counter({
    name: MAIL_FAILURES_METRIC,
    help: 'E-mails whose sending failed, by kind and outcome (retry: tried again later; failed: given up).',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });
  sender.onFailure(({ kind, outcome }) => failures.inc({ kind, outcome }));
}
