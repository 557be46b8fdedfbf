import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { PAGE_SIZE } from '../../contract/constants';
import { recordAudit } from '../audit/audit-log';
import type { Db } from '../platform/db/client';
import { type AccountRow, accounts, auditLog, type NewAccountRow, partnerFees } from '../platform/db/schema';
import { endSessions, normaliseEmail } from './accounts-repository';
import { revokeAccountApiTokens } from './api-tokens/api-tokens-repository';
import { revokeEmailTokens } from './email-tokens-repository';
import { feesOf, partnerSnapshot } from './partner-audit';
import { type CustomDevFee, feeRecordsOnCreate, upsertFees } from './partner-fees-repository';

export interface PartnerFilters {
  search?: string;
  byVip?: boolean;
  /** Show removed (admins only, issue 17): removed partners are listed too. */
  withRemoved?: boolean;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

function partnerConditions({ search, byVip, withRemoved }: PartnerFilters): SQL | undefined {
  const term = search?.trim();
  const pattern = term ? `%${escapeLike(term)}%` : undefined;
  return and(
    withRemoved ? undefined : eq(accounts.is_removed, false),
    byVip ? eq(accounts.is_vip, true) : undefined,
    pattern ? or(ilike(accounts.email, pattern), ilike(accounts.worker, pattern)) : undefined,
  );
}

/** One page of accounts (admins included; removed ones only when asked), newest first, and the total that match. */
export async function listPartners(
  db: Db,
  filters: PartnerFilters,
  page: number,
): Promise<{ rows: AccountRow[]; total: number }> {
  const where = partnerConditions(filters);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(accounts)
      .where(where)
      .orderBy(desc(accounts.id))
      .limit(PAGE_SIZE)
      .offset(page * PAGE_SIZE),
    db.select({ total: count() }).from(accounts).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** An account that is not removed. */
export async function findPartner(db: Db, id: number): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.is_removed, false)));
  return row;
}

/** Runs in a write's transaction once it is done (the audit row), so both commit or roll back together. */
export type OnWritten = (tx: Db, row: AccountRow) => Promise<void>;

/** Creates an account with its fee records, in one transaction, recorded in the audit log. */
export function createPartner(
  db: Db,
  actorId: number,
  values: NewAccountRow,
  fees: CustomDevFee | undefined,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accounts)
      .values({ ...values, email: normaliseEmail(values.email) })
      .returning();
    const records = feeRecordsOnCreate(fees);
    if (records) await upsertFees(tx, row.id, records);
    const { password_hash: _, ...after } = values;
    await recordAudit(tx, {
      actorId,
      action: 'partner.create',
      objectType: 'partner',
      objectId: row.id,
      after: { ...after, email: row.email, fees: records ?? null },
    });
    return row;
  });
}

export interface PartnerUpdate {
  values: Partial<NewAccountRow>;
  /** An object: those series are created or patched. Null: custom DevFee is off, every fee record goes. */
  fees?: CustomDevFee | null;
  /** Ends the partner's sessions and e-mailed links (blocked, or a new password): endSessions. */
  endSessions: boolean;
}

/** Thrown inside a write that would leave the console without an active admin; the write is rolled back. */
export class LastAdminError extends Error {
  constructor() {
    super('At least one active admin must remain');
  }
}

const activeAdmin = and(
  eq(accounts.is_admin, true),
  eq(accounts.is_blocked, false),
  eq(accounts.is_removed, false),
);

/**
 * Locks the active admins' rows before a write that may demote, block or remove one, so that two admins
 * demoting each other at once are serialised, and answers a check to run after the write.
 */
async function guardLastAdmin(tx: Db): Promise<() => Promise<void>> {
  await tx.select({ id: accounts.id }).from(accounts).where(activeAdmin).for('update');
  return async () => {
    const [row] = await tx.select({ n: count() }).from(accounts).where(activeAdmin);
    if ((row?.n ?? 0) === 0) throw new LastAdminError();
  };
}

/**
 * `watch` is called in the transaction before the write (the partner's row is locked then) and answers what
 * runs after it: the audit rows that compare both sides.
 */
export function updatePartner(
  db: Db,
  id: number,
  update: PartnerUpdate,
  watch?: (tx: Db, was: AccountRow) => Promise<OnWritten>,
) {
  return db.transaction(async (tx) => {
    const check = await guardLastAdmin(tx);
    const [was] = await tx
      .select()
      .from(accounts)
      .where(and(eq(accounts.id, id), eq(accounts.is_removed, false)))
      .for('update');
    if (!was) return undefined;
    const onWritten = await watch?.(tx, was);
    const values: PgUpdateSetSource<typeof accounts> = Object.fromEntries(
      Object.entries(update.values).filter(([, value]) => value !== undefined),
    );
    if (update.values.email !== undefined) values.email = normaliseEmail(update.values.email);
    const where = and(eq(accounts.id, id), eq(accounts.is_removed, false));
    // A patch of fees only changes no column of the account.
    let [row] =
      Object.keys(values).length > 0
        ? await tx.update(accounts).set(values).where(where).returning()
        : await tx.select().from(accounts).where(where).for('update');
    if (!row) return undefined;
    if (update.endSessions) row = (await endSessions(tx, id)) ?? row;
    // Issue 38: blocking ends the API tokens too (a new password alone does not: that is what they are for).
    if (row.is_blocked && !was.is_blocked) await revokeAccountApiTokens(tx, id);
    // Links e-mailed to the old address (a reset, a pending change) must not outlive it.
    else if (row.email !== was.email) await revokeEmailTokens(tx, id);
    await check();
    if (update.fees === null) await tx.delete(partnerFees).where(eq(partnerFees.user_id, id));
    else if (update.fees) await upsertFees(tx, id, update.fees);
    await onWritten?.(tx, row);
    return row;
  });
}

/** Removes a partner (soft): hidden from the list, blocked, every session ended; recorded in the audit log. */
export function removePartner(db: Db, actorId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const check = await guardLastAdmin(tx);
    const [before] = await tx
      .select()
      .from(accounts)
      .where(and(eq(accounts.id, id), eq(accounts.is_removed, false)))
      .for('update');
    if (!before) return false;
    await tx.update(accounts).set({ is_removed: true, is_blocked: true }).where(eq(accounts.id, id));
    await endSessions(tx, id);
    await revokeAccountApiTokens(tx, id);
    await check();
    await recordAudit(tx, {
      actorId,
      action: 'partner.remove',
      objectType: 'partner',
      objectId: id,
      // The partner as it was (restorePartner reads is_blocked from here).
      before: { ...partnerSnapshot(before, await feesOf(tx, id)), is_removed: false },
      after: { is_removed: true, is_blocked: true },
    });
    return true;
  });
}

/**
 * Issue 17: a removed partner comes back as it was before its removal (blocked only if it was blocked then, as
 * the removal's audit row says), with its sets, builds and fee records; it signs in again with its password.
 */
export function restorePartner(db: Db, actorId: number, id: number): Promise<AccountRow | undefined> {
  return db.transaction(async (tx) => {
    const [removal] = await tx
      .select({ before: auditLog.before })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'partner.remove'), eq(auditLog.object_id, String(id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const wasBlocked = (removal?.before as { is_blocked?: boolean } | null)?.is_blocked === true;
    const [row] = await tx
      .update(accounts)
      .set({ is_removed: false, is_blocked: wasBlocked })
      .where(and(eq(accounts.id, id), eq(accounts.is_removed, true)))
      .returning();
    if (!row) return undefined;
    await recordAudit(tx, {
      actorId,
      action: 'partner.restore',
      objectType: 'partner',
      objectId: id,
      before: { is_removed: true, is_blocked: true },
      after: { is_removed: false, is_blocked: wasBlocked },
    });
    return row;
  });
}

/** Spec §2 statistics: accounts that are not removed, and those active within the last 30 days. */
export async function accountStatistics(db: Db): Promise<{ total: number; active: number }> {
  const [row] = await db
    .select({
      total: count(),
      active:
        sql<number>`count(*) filter (where ${accounts.last_active} > now() - interval '30 days')`.mapWith(
          Number,
        ),
    })
    .from(accounts)
    .where(eq(accounts.is_removed, false));
  return { total: row?.total ?? 0, active: row?.active ?? 0 };
}
