// react-admin's i18nProvider (polyglot) over the messages of ./messages.
import type { I18nProvider } from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { Language } from '../../contract/constants';
import { loadedMessages, loadMessages } from './messages';

export { loadMessages } from './messages';

export const LOCALES = [
  { locale: 'en', name: 'English' },
  { locale: 'ru', name: 'Русский' },
];

/**
 * The i18nProvider. The initial locale's messages must already be loaded (`await loadMessages(locale)`), since
 * react-admin wants them synchronously; other locales load when chosen.
 */
export function createI18nProvider(initialLocale: Language): I18nProvider {
  return polyglotI18nProvider(
    (locale) => loadedMessages(locale as Language) ?? loadMessages(locale as Language),
    loadedMessages(initialLocale) ? initialLocale : 'en',
    LOCALES,
    { allowMissing: true },
  );
}
