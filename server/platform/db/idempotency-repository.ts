import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { idempotencyKeys } from './schema';

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60_000;

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

const expired = sql`${idempotencyKeys.created_at} < now() - (${IDEMPOTENCY_WINDOW_MS}::integer * interval '1 millisecond')`;

/**
 * Claims `key` for a request of the account: true when this request is the first (a row in progress is
 * written), otherwise the row of the first. A claim older than the window is forgotten first.
 */
export async function claimKey(
  db: Db,
  accountId: number,
  key: string,
  request: string,
): Promise<true | IdempotencyRow> {
  const mine = and(eq(idempotencyKeys.account_id, accountId), eq(idempotencyKeys.key, key));
  await db.delete(idempotencyKeys).where(and(mine, expired));
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ account_id: accountId, key, request })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return true;
  const [row] = await db.select().from(idempotencyKeys).where(mine);
  // Gone between the insert and the read (its first request failed): this one may go ahead next time.
  return row ?? true;
}

/** Keeps the first request's answer, with its Location header (issue 38). */
export async function storeAnswer(
  db: Db,
  accountId: number,
  key: string,
  status: number,
  body: string,
  headers: { location: string | null },
) {
  await db
    .update(idempotencyKeys)
    .set({ status, body, location: headers.location })
    .where(and(eq(idempotencyKeys.account_id, accountId), eq(idempotencyKeys.key, key)));
}

/** Forgets a claim whose request did not succeed, so that the same key may be tried again. */
export async function releaseKey(db: Db, accountId: number, key: string) {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.account_id, accountId), eq(idempotencyKeys.key, key)));
}

export async function pruneKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(expired);
}
