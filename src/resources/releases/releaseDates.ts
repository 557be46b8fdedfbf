import { useCallback } from 'react';
import { useDates } from '../../i18n/dates';

/** Formats an ISO date in the UI language (i18n/dates): `short` as "Mar 12, 2025", `long` with the time. */
export function useFormatDate(): (iso: string | null | undefined, style?: 'short' | 'long') => string {
  const { format } = useDates();
  return useCallback(
    (iso, style = 'short') => format(iso, style === 'short' ? 'date' : 'dateTime'),
    [format],
  );
}
