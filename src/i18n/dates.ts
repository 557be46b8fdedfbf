// One date-fns format per kind of date shown, in the UI language (issue 15, item 12): every page formats its
// dates here, so a release's day, a build's and a task's time and a tooltip's exact moment read alike.
import { format, formatDistanceToNow, isValid, parseISO } from 'date-fns';
import { enUS, ru } from 'date-fns/locale';
import { useCallback } from 'react';
import { useLocaleState } from 'react-admin';

/**
 * date: "Aug 23, 2026"; dateTime: "Aug 23, 2026, 8:14 PM"; exact: with seconds (tooltips); time: "8:14:12 PM";
 * clock: "8:14 PM" (in Russian "20:14"), a moment of today such as a queue's estimate.
 */
export type DateKind = 'date' | 'dateTime' | 'exact' | 'time' | 'clock';

export const DATE_FORMATS: Record<DateKind, string> = {
  date: 'PP',
  dateTime: 'PPp',
  exact: 'PPpp',
  time: 'pp',
  clock: 'p',
};

const LOCALES = { en: enUS, ru };

const toDate = (value: string | Date | null | undefined): Date | undefined => {
  if (!value) return undefined;
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? date : undefined;
};

const localeOf = (name: string | undefined) => LOCALES[name as keyof typeof LOCALES] ?? enUS;

/** A date of the given kind in the language `locale` (en, ru); '' when there is none or it is not a date. */
export function formatDate(value: string | Date | null | undefined, kind: DateKind, locale = 'en'): string {
  const date = toDate(value);
  return date ? format(date, DATE_FORMATS[kind], { locale: localeOf(locale) }) : '';
}

/** "5 minutes ago" in the language `locale`; '' when there is no date. */
export function formatRelative(value: string | Date | null | undefined, locale = 'en'): string {
  const date = toDate(value);
  return date ? formatDistanceToNow(date, { addSuffix: true, locale: localeOf(locale) }) : '';
}

/** formatDate and formatRelative in the UI language. */
export function useDates() {
  const [locale] = useLocaleState();
  const formatIn = useCallback(
    (value: string | Date | null | undefined, kind: DateKind) => formatDate(value, kind, locale),
    [locale],
  );
  const relativeIn = useCallback(
    (value: string | Date | null | undefined) => formatRelative(value, locale),
    [locale],
  );
  return { format: formatIn, relative: relativeIn, locale };
}
