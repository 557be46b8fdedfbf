import { asc, eq } from 'drizzle-orm';
import { type AuditEntry, changedFields, recordAudit } from '../audit/audit-log';
import type { Db } from '../platform/db/client';
import { type AccountRow, type PartnerFeeRow, partnerFees } from '../platform/db/schema';

const ROLES = ['is_admin', 'is_developer', 'is_tester', 'is_vip'] as const;
const DETAILS = [
  'email',
  'worker',
  'language',
  'send_email',
  'beta_testing',
  // Issue 36: the queue limits an admin sets.
  'max_queued_builds',
  'max_builds_per_hour',
] as const;

export type FeesBySeries = Record<string, { min_dev_fee: number; min_total_fee: number }>;

/** A partner's fee records as the audit log shows them: `{x19: {min_dev_fee, min_total_fee}, …}`. */
export async function feesOf(db: Db, userId: number): Promise<FeesBySeries> {
  const rows = await db
    .select()
    .from(partnerFees)
    .where(eq(partnerFees.user_id, userId))
    .orderBy(asc(partnerFees.series));
  return feesBySeries(rows);
}

export const feesBySeries = (rows: PartnerFeeRow[]): FeesBySeries =>
  Object.fromEntries(
    rows.map((row) => [row.series, { min_dev_fee: row.min_dev_fee, min_total_fee: row.min_total_fee }]),
  );

const pick = (row: AccountRow, keys: readonly (keyof AccountRow)[]) =>
  Object.fromEntries(keys.map((key) => [key, row[key]]));

/** What a partner's fields looked like, for the rows of its creation and removal. */
export const partnerSnapshot = (row: AccountRow, fees: FeesBySeries) => ({
  ...pick(row, ['email', 'worker', ...ROLES, 'is_blocked']),
  fees,
});

/**
 * The audit rows of one partner update, one per kind of change: roles, blocking, fees, and the other details
 * (a new password shows as `password: "changed"`, never its value).
 */
export function partnerUpdateAudits(
  actorId: number,
  was: { row: AccountRow; fees: FeesBySeries },
  now: { row: AccountRow; fees: FeesBySeries },
  passwordChanged: boolean,
): AuditEntry[] {
  const entry = (action: AuditEntry['action'], diff: { before: object; after: object }): AuditEntry => ({
    actorId,
    action,
    objectType: 'partner',
    objectId: now.row.id,
    ...diff,
  });
  const entries: AuditEntry[] = [];
  const roles = changedFields(pick(was.row, ROLES), pick(now.row, ROLES));
  if (Object.keys(roles.after).length > 0) entries.push(entry('partner.role', roles));
  if (was.row.is_blocked !== now.row.is_blocked) {
    entries.push(
      entry(now.row.is_blocked ? 'partner.block' : 'partner.unblock', {
        before: { is_blocked: was.row.is_blocked },
        after: { is_blocked: now.row.is_blocked },
      }),
    );
  }
  const fees = changedFields(was.fees, now.fees);
  for (const series of Object.keys(was.fees)) {
    if (!(series in now.fees)) {
      fees.before[series] = was.fees[series];
      fees.after[series] = null;
    }
  }
  if (Object.keys(fees.before).length > 0) entries.push(entry('partner.fees', fees));
  const details = changedFields(pick(was.row, DETAILS), pick(now.row, DETAILS));
  if (passwordChanged) {
    details.before.password = null;
    details.after.password = 'changed';
  }
  if (Object.keys(details.after).length > 0) entries.push(entry('partner.update', details));
  return entries;
}

export async function recordAll(tx: Db, entries: AuditEntry[]): Promise<void> {
  for (const entry of entries) await recordAudit(tx, entry);
}

type FeeValues = { min_dev_fee: number; min_total_fee: number } | undefined;
const feeValues = (fee: FeeValues) =>
  fee ? { min_dev_fee: fee.min_dev_fee, min_total_fee: fee.min_total_fee } : null;

/** One fee record of a partner created, changed or deleted: `partner.fees` with that series on each side. */
export function feeAudit(
  tx: Db,
  actorId: number,
  userId: number,
  series: string,
  was: FeeValues,
  now: FeeValues,
) {
  return recordAudit(tx, {
    actorId,
    action: 'partner.fees',
    objectType: 'partner',
    objectId: userId,
    before: { [series]: feeValues(was) },
    after: { [series]: feeValues(now) },
  });
}
