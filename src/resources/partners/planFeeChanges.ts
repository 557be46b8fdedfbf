// Partner create/update (spec §4): creating a partner creates per-series fee records (x19, x21, l9, l7) when
// custom DevFee is on; on update, existing series are patched, new ones created, and every fee record is deleted
// when custom DevFee is turned off. A series whose two inputs are both empty has no record: an existing one is
// deleted. Unchanged records are left alone.

import { PARTNER_FEE_SERIES } from '../../../contract/constants';
import type { PartnerFee } from '../../authProvider/account';
import type { FeeFormValues, FeeInput, FeeSeries } from './types';

export interface FeeRecord {
  series: FeeSeries;
  min_dev_fee: number;
  min_total_fee: number;
}

export interface FeePlan {
  create: FeeRecord[];
  patch: { series: FeeSeries; data: Partial<Omit<FeeRecord, 'series'>> }[];
  remove: string[];
}

const isSet = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isBlank = (input?: FeeInput) => !isSet(input?.min_dev_fee) && !isSet(input?.min_total_fee);

export function planFeeChanges(before: readonly PartnerFee[], after: FeeFormValues): FeePlan {
  const plan: FeePlan = { create: [], patch: [], remove: [] };
  if (!after.custom_fee) {
    plan.remove = before.map((fee) => fee.series);
    return plan;
  }
  const existing = new Map(before.map((fee) => [fee.series, fee]));
  for (const series of PARTNER_FEE_SERIES) {
    const input = after.fees?.[series];
    const current = existing.get(series);
    if (isBlank(input)) {
      if (current) plan.remove.push(series);
      continue;
    }
    const min_dev_fee = Number(input?.min_dev_fee ?? 0);
    const min_total_fee = Number(input?.min_total_fee ?? 0);
    if (!current) {
      plan.create.push({ series, min_dev_fee, min_total_fee });
      continue;
    }
    const data: FeePlan['patch'][number]['data'] = {};
    if (current.min_dev_fee !== min_dev_fee) data.min_dev_fee = min_dev_fee;
    if (current.min_total_fee !== min_total_fee) data.min_total_fee = min_total_fee;
    if (Object.keys(data).length) plan.patch.push({ series, data });
  }
  // Records of series the form does not show (none today) are left as they are.
  return plan;
}

export const isEmptyPlan = (plan: FeePlan) =>
  !plan.create.length && !plan.patch.length && !plan.remove.length;
