import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import {
  type AccountRow,
  accounts,
  type NewAccountRow,
  type PartnerFeeRow,
  partnerFees,
} from '../platform/db/schema';
import { revokeEmailTokens } from './email-tokens-repository';

export type { AccountRow };

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findAccountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(eq(accounts.email, normaliseEmail(email)));
  return row;
}

export async function findAccountById(db: Db, id: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

/** The accounts of `ids` that exist (removed ones included), read fresh: no cache in between. */
export function findAccountsByIds(db: Db, ids: readonly number[]): Promise<AccountRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(accounts)
    .where(inArray(accounts.id, [...ids]));
}

export async function insertAccount(db: Db, values: NewAccountRow): Promise<AccountRow> {
  const [row] = await db
    .insert(accounts)
    .values({ ...values, email: normaliseEmail(values.email) })
    .returning();
  return row;
}

export async function adminExists(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.is_admin, true))
    .limit(1);
  return row !== undefined;
}

export type AccountPreferences = Partial<
  Pick<AccountRow, 'language' | 'send_email' | 'beta_testing' | 'notify_build_done' | 'notify_build_failed'>
>;

export async function updateAccountPreferences(
  db: Db,
  id: number,
  preferences: AccountPreferences,
): Promise<AccountRow | undefined> {
  const [row] = await db.update(accounts).set(preferences).where(eq(accounts.id, id)).returning();
  return row;
}

/**
 * Ends every session of the account: the access tokens issued so far carry an older version, and its
 * outstanding e-mailed links (password reset, e-mail change) stop working, so that whoever held a session or
 * planted a link cannot come back through one (issue 36). The one way to end sessions: password change and
 * reset, block, removal and admin recovery all call it. Answers the account as it now is.
 */
export async function endSessions(db: Db, id: number): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(accounts)
    .set({ token_version: sql`${accounts.token_version} + 1` })
    .where(eq(accounts.id, id))
    .returning();
  await revokeEmailTokens(db, id);
  return row;
}

/** Records activity, writing at most once a minute per account whatever the request rate. */
export async function touchLastActive(db: Db, id: number): Promise<void> {
  await db
    .update(accounts)
    .set({ last_active: sql`now()` })
    .where(
      and(
        eq(accounts.id, id),
        or(isNull(accounts.last_active), lt(accounts.last_active, sql`now() - interval '1 minute'`)),
      ),
    );
}

export function listPartnerFees(db: Db, userId: number): Promise<PartnerFeeRow[]> {
  return db
    .select()
    .from(partnerFees)
    .where(eq(partnerFees.user_id, userId))
    .orderBy(asc(partnerFees.series));
}

export async function insertPartnerFee(db: Db, values: Omit<PartnerFeeRow, 'id'>): Promise<PartnerFeeRow> {
  const [row] = await db.insert(partnerFees).values(values).returning();
  return row;
}

/** Sets a new password and ends every session (endSessions), in one transaction. */
export function setPassword(db: Db, id: number, passwordHash: string): Promise<AccountRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(accounts)
      .set({ password_hash: passwordHash })
      .where(eq(accounts.id, id))
      .returning({ id: accounts.id });
    return row && endSessions(tx, id);
  });
}

/**
 * Changes the e-mail; the account's outstanding e-mailed links stop working (a reset link sent to the old
 * address, another pending change). A unique violation (the address was taken) is the caller's to handle.
 */
export async function setEmail(db: Db, id: number, email: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(accounts)
    .set({ email: normaliseEmail(email) })
    .where(eq(accounts.id, id))
    .returning();
  if (row) await revokeEmailTokens(db, id);
  return row;
}
