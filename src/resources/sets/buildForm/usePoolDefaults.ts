// The pools' defaults that follow the form (issue 15, items 5 and 11): the DevFee a new build starts with follows
// the partner's own minimum for the chosen series (contract/rules/fees), and the total-fee check re-runs as the
// fees change, so an error that has been fixed leaves the screen before the next submit.
import { useEffect, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { DEFAULT_DEVFEE } from '../../../../contract/constants';
import { defaultDevFee } from '../../../../contract/rules/fees';
import type { PartnerFee } from '../../../authProvider/account';
import { POOLS_TOTAL_FIELD } from './serverErrors';
import type { BuildFormValues } from './types';

const DEVFEE = 'devfee_pool_config.fee' as const;

/** The DevFee default for the series; a DevFee still at the previous default follows it when the series changes. */
export function useDevFeeDefault(
  fees: readonly PartnerFee[],
  series: string | undefined,
  isAdmin: boolean,
): number {
  const { getValues, setValue } = useFormContext<BuildFormValues>();
  const fallback = defaultDevFee(fees, series ?? '', isAdmin);
  const previous = useRef<number | null>(null);
  useEffect(() => {
    const before = previous.current ?? DEFAULT_DEVFEE;
    previous.current = fallback;
    const current = Number(getValues(DEVFEE));
    if (current === before && current !== fallback) {
      setValue(DEVFEE, fallback as never, { shouldDirty: true, shouldValidate: true });
    }
  }, [fallback, getValues, setValue]);
  return fallback;
}

/** Re-checks the pools' total whenever it changes while an error is on it (a submit's, or the server's). */
export function useRevalidateTotal(total: number, hasError: boolean): void {
  const { trigger } = useFormContext();
  const shown = useRef(total);
  useEffect(() => {
    if (shown.current === total) return;
    shown.current = total;
    if (hasError) void trigger(POOLS_TOTAL_FIELD);
  }, [total, hasError, trigger]);
}
