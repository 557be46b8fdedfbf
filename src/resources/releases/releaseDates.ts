import { format, isValid, parseISO } from 'date-fns';
import { enUS, ru } from 'date-fns/locale';
import { useCallback } from 'react';
import { useLocaleState } from 'react-admin';

const LOCALES = { en: enUS, ru };

/** Formats an ISO date in the UI language: `short` as "Mar 12, 2025", `long` with the time. */
export function useFormatDate(): (iso: string | null | undefined, style?: 'short' | 'long') => string {
  const [locale] = useLocaleState();
  return useCallback(
    (iso, style = 'short') => {
      if (!iso) return '';
      const date = parseISO(iso);
      if (!isValid(date)) return '';
      return format(date, style === 'short' ? 'PP' : 'PPp', {
        locale: LOCALES[locale as keyof typeof LOCALES] ?? enUS,
      });
    },
    [locale],
  );
}
