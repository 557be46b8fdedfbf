import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import {
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhookDeliveries,
  webhookEndpoints,
} from '../platform/db/schema';

export type { WebhookDeliveryRow, WebhookEndpointRow };
export type NewWebhookDelivery = typeof webhookDeliveries.$inferInsert;

export async function insertWebhook(db: Db, values: typeof webhookEndpoints.$inferInsert) {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row;
}

export function listWebhooks(db: Db, accountId: number): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.account_id, accountId))
    .orderBy(desc(webhookEndpoints.id));
}

export async function findOwnWebhook(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.account_id, accountId)));
  return row;
}

/** The owner's change: re-enabling forgets the failures that disabled it. */
export async function updateWebhook(
  db: Db,
  id: number,
  change: { enabled?: boolean; events?: WebhookEndpointRow['events'] },
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...change,
      ...(change.enabled === undefined ? {} : { disabled_reason: null, failures: 0 }),
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row;
}

export async function deleteWebhook(db: Db, id: number): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** Queues deliveries in the caller's transaction; an event an endpoint already has is not queued again. */
export async function enqueueDeliveries(db: Db, rows: NewWebhookDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(webhookDeliveries).values(rows).onConflictDoNothing();
}

export function listDeliveries(db: Db, endpointId: number, limit = 50): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpoint_id, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
}

/** The newest delivery of each of the endpoints, by endpoint id (the admins' list shows how each is doing). */
export async function lastDeliveries(
  db: Db,
  endpointIds: number[],
): Promise<Map<number, WebhookDeliveryRow>> {
  if (endpointIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([webhookDeliveries.endpoint_id])
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.endpoint_id, endpointIds))
    .orderBy(webhookDeliveries.endpoint_id, desc(webhookDeliveries.id));
  return new Map(rows.map((row) => [row.endpoint_id, row]));
}

/** "Send again": the delivery is due now, for another day of attempts, with the same webhook-id. */
export async function redeliver(
  db: Db,
  endpointId: number,
  id: number,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', send_after: sql`now()`, retry_from: sql`now()`, locked_until: null })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.endpoint_id, endpointId),
        or(isNull(webhookDeliveries.locked_until), lt(webhookDeliveries.locked_until, sql`now()`)),
      ),
    )
    .returning();
  return row;
}

const msInterval = (ms: number) => sql`(${Math.max(0, Math.round(ms))} * interval '1 millisecond')`;

export type ClaimedDelivery = WebhookDeliveryRow & { url: string; secret: string; account_id: number };

/**
 * Claims due deliveries of enabled endpoints for this sender, as the mail outbox does (outbox.ts,
 * claimDueMails): one statement, the candidates locked with SKIP LOCKED, each held for `leaseMs`, so that two
 * instances never send the same row and a sender that dies leaves its rows to the next after the lease.
 */
export async function claimDueDeliveries(
  db: Db,
  leaseMs: number,
  batchSize: number,
): Promise<ClaimedDelivery[]> {
  const candidates = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpoint_id))
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        sql`${webhookDeliveries.send_after} <= now()`,
        eq(webhookEndpoints.enabled, true),
        or(isNull(webhookDeliveries.locked_until), lt(webhookDeliveries.locked_until, sql`now()`)),
      ),
    )
    .orderBy(webhookDeliveries.send_after, webhookDeliveries.id)
    .limit(batchSize)
    .for('update', { of: webhookDeliveries, skipLocked: true });
  const claimed = await db
    .update(webhookDeliveries)
    .set({
      locked_until: sql`now() + ${msInterval(leaseMs)}`,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      attempted_at: sql`now()`,
    })
    .where(inArray(webhookDeliveries.id, candidates))
    .returning();
  if (claimed.length === 0) return [];
  const endpoints = await db
    .select()
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((row) => row.endpoint_id))]));
  const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
  return claimed.flatMap((row) => {
    const endpoint = byId.get(row.endpoint_id);
    return endpoint
      ? [{ ...row, url: endpoint.url, secret: endpoint.secret, account_id: endpoint.account_id }]
      : [];
  });
}

/** The endpoint answered 2xx: never sent again (unless its owner asks), and its failures forgotten. */
export async function markDelivered(db: Db, row: ClaimedDelivery, status: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({
        status: 'delivered',
        delivered_at: sql`now()`,
        locked_until: null,
        response_status: status,
        last_error: null,
      })
      .where(eq(webhookDeliveries.id, row.id));
    await tx.update(webhookEndpoints).set({ failures: 0 }).where(eq(webhookEndpoints.id, row.endpoint_id));
  });
}

/**
 * A failed attempt: tried again after `retryInMs`, or given up when its day of attempts is over. Counts one
 * more failure of the endpoint and answers the endpoint as it now is.
 */
export async function markAttemptFailed(
  db: Db,
  row: ClaimedDelivery,
  outcome: { status: number | null; error: string },
  retryInMs: number,
  retryForMs: number,
): Promise<WebhookEndpointRow | undefined> {
  return db.transaction(async (tx) => {
    const giveUp = sql`${webhookDeliveries.retry_from} + ${msInterval(retryForMs)} <= now() + ${msInterval(retryInMs)}`;
    await tx
      .update(webhookDeliveries)
      .set({
        status: sql`case when ${giveUp} then 'failed' else 'pending' end`,
        send_after: sql`now() + ${msInterval(retryInMs)}`,
        locked_until: null,
        response_status: outcome.status,
        last_error: outcome.error.slice(0, 500),
      })
      .where(eq(webhookDeliveries.id, row.id));
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({ failures: sql`${webhookEndpoints.failures} + 1` })
      .where(eq(webhookEndpoints.id, row.endpoint_id))
      .returning();
    return endpoint;
  });
}

/** Disables an endpoint that keeps failing; true for the one call that did (so its owner is told once). */
export async function disableFailing(db: Db, id: number, reason: string): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabled_reason: reason })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** Claimed rows this sender will not send (it is stopping): free at once, the attempt not counted. */
export async function releaseDeliveries(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(webhookDeliveries)
    .set({ locked_until: null, attempts: sql`greatest(${webhookDeliveries.attempts} - 1, 0)` })
    .where(and(inArray(webhookDeliveries.id, ids), eq(webhookDeliveries.status, 'pending')));
}
