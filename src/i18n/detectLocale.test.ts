import { describe, expect, it } from 'vitest';
import { detectLocale } from './detectLocale';

describe('detectLocale', () => {
  it('prefers the stored locale', () => {
    expect(detectLocale('ru', 'en-US')).toBe('ru');
    expect(detectLocale('en', 'ru-RU')).toBe('en');
  });

  it('falls back to the browser language when nothing is stored', () => {
    expect(detectLocale(undefined, 'ru-RU')).toBe('ru');
    expect(detectLocale(null, 'ru')).toBe('ru');
    expect(detectLocale(undefined, 'RU')).toBe('ru');
    expect(detectLocale(undefined, 'en-GB')).toBe('en');
    expect(detectLocale(undefined, 'de-DE')).toBe('en');
  });

  it('ignores unsupported stored values and missing browser languages', () => {
    expect(detectLocale('fr', 'ru-RU')).toBe('ru');
    expect(detectLocale(42, undefined)).toBe('en');
    expect(detectLocale(undefined, '')).toBe('en');
  });
});
