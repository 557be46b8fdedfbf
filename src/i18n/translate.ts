// A small translator for the public pages (sign-in, password reset, shared links): the same messages and the
// same polyglot rules react-admin's i18nProvider applies (`%{name}` tokens, `smart_count` plurals split by
// `||||`, `_` as the text of a missing key), without polyglot and react-admin in the first download.
import type { I18nProvider, TranslationMessages } from 'ra-core';
import type { Language } from '../../contract/constants';
import { lookup, transformPhrase } from '../../contract/messages';

type Options = Record<string, unknown> & { _?: string; smart_count?: number };

export function translateWith(messages: TranslationMessages, locale: Language) {
  return (key: string, options?: Options): string => {
    const phrase = lookup(messages, key) ?? (typeof options?._ === 'string' ? options._ : key);
    return transformPhrase(phrase, options, locale);
  };
}

/** An i18nProvider-shaped object over already-loaded messages, for react-admin's I18nContext. */
export function staticI18nProvider(messages: TranslationMessages, locale: Language): I18nProvider {
  return {
    translate: translateWith(messages, locale),
    changeLocale: () => Promise.resolve(),
    getLocale: () => locale,
    getLocales: () => [
      { locale: 'en', name: 'English' },
      { locale: 'ru', name: 'Русский' },
    ],
  };
}
