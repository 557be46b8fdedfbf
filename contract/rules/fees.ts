// Spec §2 and §5: the fees of a build's pools and a partner's minimums.
import { DEFAULT_DEVFEE } from '../constants';

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
