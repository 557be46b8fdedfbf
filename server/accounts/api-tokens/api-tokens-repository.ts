import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { type ApiTokenRow, apiTokenRates, apiTokens } from '../../platform/db/schema';

export type { ApiTokenRow };
export type NewApiTokenRow = typeof apiTokens.$inferInsert;

export async function insertApiToken(db: Db, values: NewApiTokenRow): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  return row;
}

/** The account's tokens, revoked ones too (the list shows them as such), newest first. */
export function listApiTokens(db: Db, accountId: number): Promise<ApiTokenRow[]> {
  return db.select().from(apiTokens).where(eq(apiTokens.account_id, accountId)).orderBy(desc(apiTokens.id));
}

export async function findApiTokenByHash(db: Db, hash: string): Promise<ApiTokenRow | undefined> {
  const [row] = await db.select().from(apiTokens).where(eq(apiTokens.token_hash, hash));
  return row;
}

/**
 * Revokes one token (of `accountId` when given: a user revokes only their own); answers it as it now is, or
 * undefined when there is no such token (or it was already revoked).
 */
export async function revokeApiToken(
  db: Db,
  id: number,
  accountId?: number,
): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .update(apiTokens)
    .set({ revoked_at: sql`now()` })
    .where(
      and(
        eq(apiTokens.id, id),
        isNull(apiTokens.revoked_at),
        accountId === undefined ? undefined : eq(apiTokens.account_id, accountId),
      ),
    )
    .returning();
  return row;
}

export async function findApiToken(db: Db, id: number): Promise<ApiTokenRow | undefined> {
  const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, id));
  return row;
}

/** Blocking or removing an account ends its tokens (a password change does not: endSessions leaves them). */
export async function revokeAccountApiTokens(db: Db, accountId: number): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(apiTokens.account_id, accountId), isNull(apiTokens.revoked_at)));
}

/** The token's first use: true for the one request that marks it (so that it is audited once). */
export async function markFirstUse(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ last_used_at: sql`now()` })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.last_used_at)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/** Records a later use, writing at most once a minute per token whatever the request rate. */
export async function touchApiToken(db: Db, id: number): Promise<void> {
  await db
    .update(apiTokens)
    .set({ last_used_at: sql`now()` })
    .where(and(eq(apiTokens.id, id), lt(apiTokens.last_used_at, sql`now() - interval '1 minute'`)));
}

/** A token's count in the current rate window, and the milliseconds left of that window. */
export interface ApiTokenRateCount {
  count: number;
  leftMs: number;
}

/**
 * Counts one request of the token in its current window of `windowMs` (issue 38), for every instance on the
 * database: one upsert, on the database's clock so that instances whose clocks differ agree on the window. A
 * later window starts the count again at 1; an instance whose transaction began before the window turned over
 * (an older `now()`) adds to the newer window rather than taking it back.
 */
export async function countApiTokenRequest(db: Db, id: number, windowMs: number): Promise<ApiTokenRateCount> {
  const windowStart = sql`to_timestamp(floor(extract(epoch from now()) * 1000 / ${windowMs}) * ${windowMs} / 1000.0)`;
  const [row] = await db
    .insert(apiTokenRates)
    .values({ token_id: id, window_start: windowStart, count: 1 })
    .onConflictDoUpdate({
      target: apiTokenRates.token_id,
      set: {
        count: sql`case when excluded.window_start > ${apiTokenRates.window_start} then 1
          else ${apiTokenRates.count} + 1 end`,
        window_start: sql`greatest(excluded.window_start, ${apiTokenRates.window_start})`,
      },
    })
    .returning({
      count: apiTokenRates.count,
      leftMs:
        sql<number>`extract(epoch from (${apiTokenRates.window_start} - now())) * 1000 + ${windowMs}`.mapWith(
          Number,
        ),
    });
  return row;
}
