import { I18nContextProvider, StoreContextProvider } from 'react-admin';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider, loadMessages } from '../i18n/i18nProvider';
import { createStore, currentLocale, DRAFTS_PREFIX, STORE_KEYS, stepScale } from './store';

describe('store', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

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

  // Issue 37, item 2.7: a session that expires signs out, and signing in again must find the form's draft.
  it('keeps forms’ drafts when react-admin resets it at logout', () => {
    const store = createStore();
    store.setup();
    store.setItem(`${DRAFTS_PREFIX}build.2.10--`, { values: { model: 'S19' } });
    store.setItem('firmwares.listParams', { page: 2 });
    store.reset();
    expect(store.getItem(`${DRAFTS_PREFIX}build.2.10--`)).toEqual({ values: { model: 'S19' } });
    expect(store.getItem('firmwares.listParams')).toBeUndefined();
  });

  it('answers the language shown when none is chosen, so the console is drawn in its first render', async () => {
    vi.stubGlobal('navigator', { ...navigator, language: 'ru-RU' });
    const store = createStore();
    store.setup();
    expect(store.getItem(STORE_KEYS.locale)).toBe('ru');
    expect(localStorage.getItem('RaStoreFirmwareConsole.locale')).toBeNull();
    // react-admin's language context renders nothing at first while the store's locale is not its provider's;
    // a server render runs no effect, so it shows the first render alone.
    await loadMessages('ru');
    const html = renderToString(
      <StoreContextProvider value={store}>
        <I18nContextProvider value={createI18nProvider(currentLocale(store))}>
          <p>console</p>
        </I18nContextProvider>
      </StoreContextProvider>,
    );
    expect(html).toContain('console');
    store.setItem(STORE_KEYS.locale, 'en');
    expect(store.getItem(STORE_KEYS.locale)).toBe('en');
  });

  it('steps the scale within small, default and large', () => {
    expect(stepScale(1, 1)).toBe(1.2);
    expect(stepScale(1.2, 1)).toBe(1.2);
    expect(stepScale(1, -1)).toBe(0.8);
    expect(stepScale(0.8, -1)).toBe(0.8);
    expect(stepScale(0.9, 1)).toBe(1.2);
  });
});
