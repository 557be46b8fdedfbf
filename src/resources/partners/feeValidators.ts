// The per-series fee inputs (spec §5 Numbers): 0 to 100 with at most 2 decimals; both inputs of a series are
// needed once one is filled; the sum of fee cannot be less than the min DevFee.

import { fee, totalBelowDevFee } from '../../../contract/rules/fees';
import { required } from '../../../contract/rules/text';
import type { Validator } from '../../../contract/rules/validators';
import { parseNumber } from '../../../contract/rules/values';
import type { FeeSeries, PartnerFormValues } from './types';

const other = (all: unknown, series: FeeSeries, field: 'min_dev_fee' | 'min_total_fee') =>
  (all as Partial<PartnerFormValues> | undefined)?.fees?.[series]?.[field];
const filled = (value: unknown) => value !== null && value !== undefined && value !== '';
const requiredFee = required('fee');

/** Both of a series' inputs once one has a value (only while custom DevFee is on). */
const pairRequired =
  (series: FeeSeries, partner: 'min_dev_fee' | 'min_total_fee'): Validator =>
  (value, all) =>
    (all as Partial<PartnerFormValues> | undefined)?.custom_fee && filled(other(all, series, partner))
      ? requiredFee(value)
      : undefined;

const notBelowDevFee =
  (series: FeeSeries): Validator =>
  (value, all) => {
    const dev = other(all, series, 'min_dev_fee');
    const total = parseNumber(value);
    return typeof dev === 'number' && total !== undefined ? totalBelowDevFee(dev, total) : undefined;
  };

export const devFeeValidators = (series: FeeSeries): Validator[] => [
  fee,
  pairRequired(series, 'min_total_fee'),
];

export const totalFeeValidators = (series: FeeSeries): Validator[] => [
  fee,
  pairRequired(series, 'min_dev_fee'),
  notBelowDevFee(series),
];
