import { CoreAdminContext } from 'ra-core';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadedMessages } from '../i18n/messages';
import { staticI18nProvider } from '../i18n/translate';
import { createStore, withDetectedLocale } from './store';

/** What react-admin's context draws on its very first render, before any effect has run. */
const firstRender = (store: ReturnType<typeof createStore>) => {
  const english = loadedMessages('en');
  if (!english) throw new Error('English ships with the entry');
  return renderToString(
    <CoreAdminContext store={store} i18nProvider={staticI18nProvider(english, 'en')}>
      <main>the console</main>
    </CoreAdminContext>,
  );
};

describe("the console's first render with no language chosen", () => {
  beforeEach(() => {
    localStorage.clear();
    Object.defineProperty(navigator, 'language', { value: 'en-US', configurable: true });
  });

  it('draws the console at once, rather than nothing and then everything again in an effect', () => {
    expect(firstRender(withDetectedLocale(createStore()))).toContain('the console');
  });

  it('is what react-admin does over the bare store (the long task this avoids)', () => {
    expect(firstRender(createStore())).not.toContain('the console');
  });
});
