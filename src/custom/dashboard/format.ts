// Issue 42: the dashboards' numbers and times in the account's language.
import { useCallback, useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { formatDate, useDates } from '../../i18n/dates';
import type { CellKind } from './chartTable';

/** Formats a cell or an axis tick of the given kind; '' for an empty measure. */
export function useChartFormat() {
  const translate = useTranslate();
  const { locale } = useDates();
  const numbers = useMemo(() => new Intl.NumberFormat(locale), [locale]);
  const decimals = useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }), [locale]);
  const percent = useMemo(
    () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }),
    [locale],
  );
  return useCallback(
    (value: unknown, kind: CellKind, short = false): string => {
      if (value === null || value === undefined || value === '') return '';
      switch (kind) {
        case 'time':
          return short
            ? formatDate(String(value), 'clock', locale)
            : formatDate(String(value), 'dateTime', locale);
        case 'week':
          return short
            ? new Date(String(value)).toLocaleDateString(locale, { day: 'numeric', month: 'short' })
            : formatDate(String(value), 'date', locale);
        case 'dateTime':
          return formatDate(String(value), 'dateTime', locale);
        case 'count':
          return numbers.format(Number(value));
        case 'rate':
          return percent.format(Number(value));
        case 'seconds': {
          const seconds = Number(value);
          return seconds < 120
            ? translate('dashboard.seconds', { value: decimals.format(seconds) })
            : translate('dashboard.minutes', { value: decimals.format(seconds / 60) });
        }
        default:
          return String(value);
      }
    },
    [locale, numbers, decimals, percent, translate],
  );
}
