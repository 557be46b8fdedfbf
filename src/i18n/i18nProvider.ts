// Messages: react-admin's language pack plus ours (locales/*.json: `app.…` and `resources.<name>.…`).
// English ships in the main bundle; Russian is loaded on demand, on top of English so a key missing from the
// Russian pack still reads in English rather than as a key.
import type { I18nProvider, TranslationMessages } from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import en from '../../locales/en.json';
import type { Language } from '../lib/constants';
import { deepMerge } from '../lib/deepMerge';

type Messages = Record<string, unknown>;

const english = deepMerge<Messages>(englishMessages as unknown as Messages, en) as TranslationMessages;

const loaded: Partial<Record<Language, TranslationMessages>> = { en: english };

/** Loads a language's messages once (Russian is a separate chunk). */
export async function loadMessages(locale: Language): Promise<TranslationMessages> {
  const cached = loaded[locale];
  if (cached) return cached;
  const [{ default: russianMessages }, { default: ru }] = await Promise.all([
    import('ra-language-russian'),
    import('../../locales/ru.json'),
  ]);
  const messages = deepMerge<Messages>(
    english,
    russianMessages as unknown as Messages,
    ru,
  ) as TranslationMessages;
  loaded[locale] = messages;
  return messages;
}

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
    (locale) => loaded[locale as Language] ?? loadMessages(locale as Language),
    loaded[initialLocale] ? initialLocale : 'en',
    LOCALES,
    { allowMissing: true },
  );
}
