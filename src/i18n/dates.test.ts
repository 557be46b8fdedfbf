import { describe, expect, it } from 'vitest';
import { formatDate, formatRelative } from './dates';

// A moment given with its offset, read in the test's time zone: the expectations use the same local time.
const AT = new Date(2026, 7, 23, 20, 14, 12);

describe('one date format per kind, in the UI language', () => {
  it('formats each kind in English', () => {
    expect(formatDate(AT, 'date', 'en')).toBe('Aug 23, 2026');
    expect(formatDate(AT, 'dateTime', 'en')).toBe('Aug 23, 2026, 8:14 PM');
    expect(formatDate(AT, 'exact', 'en')).toBe('Aug 23, 2026, 8:14:12 PM');
    expect(formatDate(AT, 'time', 'en')).toBe('8:14:12 PM');
  });

  it('formats each kind in Russian', () => {
    expect(formatDate(AT, 'date', 'ru')).toBe('23 авг. 2026 г.');
    expect(formatDate(AT, 'dateTime', 'ru')).toBe('23 авг. 2026 г., 20:14');
    expect(formatDate(AT, 'time', 'ru')).toBe('20:14:12');
  });

  it('reads ISO strings, and shows nothing for no date or a bad one', () => {
    expect(formatDate(AT.toISOString(), 'date', 'en')).toBe('Aug 23, 2026');
    expect(formatDate(null, 'date')).toBe('');
    expect(formatDate('not a date', 'dateTime')).toBe('');
    expect(formatRelative(undefined)).toBe('');
    expect(formatRelative(new Date(Date.now() - 5 * 60_000), 'en')).toBe('5 minutes ago');
    expect(formatRelative(new Date(Date.now() - 5 * 60_000), 'ru')).toBe('5 минут назад');
  });
});
