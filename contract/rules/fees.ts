// Spec §2 and §5: fees are percents from 0 to 100 with at most two decimals; a build's fees add up to at most 100
// and to no less than its owner's minimums; a partner's minimum total is not below the minimum DevFee.
import { DEFAULT_DEVFEE, FEE_DECIMALS, FEE_MAX, FEE_MIN, TOTAL_FEE_MAX } from '../constants';
import { type Message, validation } from '../messages';
import { maxDecimals, minValue, validNumber } from './numbers';
import { firstIssue, parseNumber, type Rule } from './values';

/** 'Enter a value from 0 to 100'. */
export const feeRange: Rule = (value) => {
  const n = parseNumber(value);
  return n !== undefined && (n < FEE_MIN || n > FEE_MAX) ? validation('fee_range') : undefined;
};

/** A fee: a number from 0 to 100 with at most two decimals. */
export const fee: Rule = (value) => firstIssue(value, validNumber, feeRange, maxDecimals(FEE_DECIMALS));

/** The total of fees, to two decimals (33.33 + 33.33 + 33.34 is 100). */
export const sumFees = (fees: readonly number[]): number => {
  const scale = 10 ** FEE_DECIMALS;
  return Math.round(fees.reduce((sum, value) => sum + value, 0) * scale) / scale;
};

/** A build's total fee: at most 100, and not below the minimum total when there is one. */
export function totalFeeIssue(total: number, minTotal?: number): Message | undefined {
  if (total > TOTAL_FEE_MAX) return validation('total_fee');
  return minTotal === undefined ? undefined : minValue(minTotal)(total);
}

export interface FeeMinimums {
  min_dev_fee: number;
  min_total_fee: number;
}

/** A partner's fee record for one series (spec §2 partner form). */
export interface SeriesFee extends FeeMinimums {
  series: string;
}

/**
 * The minimum DevFee and total fee a build of `series` is held to: the owner's fee record for the series, else
 * the default DevFee for both. Admins build with no minimums (spec §6).
 */
export function feeMinimums(
  records: readonly SeriesFee[] | undefined,
  series: string,
  byAdmin = false,
): FeeMinimums | undefined {
  if (byAdmin) return undefined;
  const record = records?.find((fee) => fee.series === series);
  return record
    ? { min_dev_fee: record.min_dev_fee, min_total_fee: record.min_total_fee }
    : { min_dev_fee: DEFAULT_DEVFEE, min_total_fee: DEFAULT_DEVFEE };
}

/**
 * The DevFee a new build starts with: the default, or the owner's minimum DevFee for the series when that is
 * higher (so a new build does not start below its own minimum).
 */
export function defaultDevFee(
  records: readonly SeriesFee[] | undefined,
  series: string,
  byAdmin = false,
): number {
  const min = feeMinimums(records, series, byAdmin)?.min_dev_fee;
  return min !== undefined && min > DEFAULT_DEVFEE ? min : DEFAULT_DEVFEE;
}

export type FeeField = keyof FeeMinimums;

/** A partner's minimum total fee is not below the minimum DevFee. */
export const totalBelowDevFee = (dev: number, total: number): Message | undefined =>
  total < dev ? validation('cannot_be_less', { min: dev }) : undefined;

/**
 * A partner's fee record, or a change of one (`current`: the stored record it applies to): each value a fee;
 * then the total not below the DevFee, named on the total when it is given, else on the DevFee.
 */
export function feeRecordIssues(
  values: Partial<FeeMinimums>,
  current?: FeeMinimums,
): { field: FeeField; message: Message }[] {
  const issues: { field: FeeField; message: Message }[] = [];
  for (const field of ['min_dev_fee', 'min_total_fee'] as const) {
    const message = values[field] === undefined ? undefined : fee(values[field]);
    if (message) issues.push({ field, message });
  }
  if (issues.length > 0) return issues;
  const dev = values.min_dev_fee ?? current?.min_dev_fee;
  const total = values.min_total_fee ?? current?.min_total_fee;
  const below = dev === undefined || total === undefined ? undefined : totalBelowDevFee(dev, total);
  if (!below || dev === undefined || total === undefined) return issues;
  if (values.min_total_fee !== undefined) issues.push({ field: 'min_total_fee', message: below });
  else issues.push({ field: 'min_dev_fee', message: validation('cannot_be_more', { max: total }) });
  return issues;
}
