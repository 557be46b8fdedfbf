import { beforeEach, describe, expect, it } from 'vitest';
import { createStore, STORE_KEYS, stepScale } from './store';

describe('store', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the preferences when react-admin resets it at logout', () => {
    const store = createStore();
    store.setup();
    store.setItem(STORE_KEYS.theme, 'dark');
    store.setItem(STORE_KEYS.locale, 'ru');
    store.setItem(STORE_KEYS.scale, 1.2);
    store.setItem('releases.listParams', { page: 3 });
    store.reset();
    expect(store.getItem(STORE_KEYS.theme)).toBe('dark');
    expect(store.getItem(STORE_KEYS.locale)).toBe('ru');
    expect(store.getItem(STORE_KEYS.scale)).toBe(1.2);
    expect(store.getItem('releases.listParams')).toBeUndefined();
    expect(localStorage.getItem('RaStoreFirmwareConsole.locale')).toBe('"ru"');
  });

  it('steps the scale within small, default and large', () => {
    expect(stepScale(1, 1)).toBe(1.2);
    expect(stepScale(1.2, 1)).toBe(1.2);
    expect(stepScale(1, -1)).toBe(0.8);
    expect(stepScale(0.8, -1)).toBe(0.8);
    expect(stepScale(0.9, 1)).toBe(1.2);
  });
});
