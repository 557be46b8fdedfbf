// A partner's minimum fees per series (spec §4): the fee records read, created, patched and removed.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { DEFAULT_DEVFEE, PARTNER_FEE_SERIES } from '../../contract/constants';
import type { FeeMinimums } from '../../contract/rules/fees';
import type { Db } from '../platform/db/client';
import { type PartnerFeeRow, partnerFees } from '../platform/db/schema';

/** The fee records of several accounts, by account id. */
export async function feesByAccount(db: Db, ids: number[]): Promise<Map<number, PartnerFeeRow[]>> {
  const byAccount = new Map<number, PartnerFeeRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byAccount;
  const rows = await db
    .select()
    .from(partnerFees)
    .where(inArray(partnerFees.user_id, ids))
    .orderBy(asc(partnerFees.series));
  for (const row of rows) byAccount.get(row.user_id)?.push(row);
  return byAccount;
}

export type CustomDevFee = Partial<Record<string, FeeMinimums>>;

/** Creates and patches the given series' fee records (spec §4: existing series patched, new ones created). */
export async function upsertFees(db: Db, userId: number, fees: CustomDevFee): Promise<void> {
  for (const [series, values] of Object.entries(fees)) {
    if (!values) continue;
    await db
      .insert(partnerFees)
      .values({ user_id: userId, series, ...values })
      .onConflictDoUpdate({ target: [partnerFees.user_id, partnerFees.series], set: values });
  }
}

/**
 * Spec §4: creating a partner with custom DevFee on creates a fee record for every partner series (x19, x21,
 * l9, l7), the series not given at the default minimums. Custom DevFee off (`undefined`): no records.
 */
export function feeRecordsOnCreate(fees: CustomDevFee | undefined): CustomDevFee | undefined {
  if (!fees) return undefined;
  return Object.fromEntries(
    PARTNER_FEE_SERIES.map((series) => [
      series,
      fees[series] ?? { min_dev_fee: DEFAULT_DEVFEE, min_total_fee: DEFAULT_DEVFEE },
    ]),
  );
}

export async function findPartnerFee(db: Db, userId: number, series: string) {
  const [row] = await db
    .select()
    .from(partnerFees)
    .where(and(eq(partnerFees.user_id, userId), eq(partnerFees.series, series)));
  return row;
}

export async function updatePartnerFee(db: Db, userId: number, series: string, values: Partial<FeeMinimums>) {
  const [row] = await db
    .update(partnerFees)
    .set(values)
    .where(and(eq(partnerFees.user_id, userId), eq(partnerFees.series, series)))
    .returning();
  return row;
}

export async function deletePartnerFee(db: Db, userId: number, series: string): Promise<boolean> {
  const rows = await db
    .delete(partnerFees)
    .where(and(eq(partnerFees.user_id, userId), eq(partnerFees.series, series)))
    .returning({ id: partnerFees.id });
  return rows.length > 0;
}
