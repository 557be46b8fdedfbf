// A small translator for the public pages (sign-in, password reset, shared links): the same messages and the
// same polyglot rules react-admin's i18nProvider applies (`%{name}` tokens, `smart_count` plurals split by
// `||||`, `_` as the text of a missing key), without polyglot and react-admin in the first download.
import type { I18nProvider, TranslationMessages } from 'ra-core';
import type { Language } from '../../contract/constants';

type Options = Record<string, unknown> & { _?: string; smart_count?: number };

const pluralForm: Record<Language, (n: number) => number> = {
  en: (n) => (n === 1 ? 0 : 1),
  ru: (n) => {
    const lastTwo = n % 100;
    const last = lastTwo % 10;
    if (lastTwo !== 11 && last === 1) return 0;
    if (last >= 2 && last <= 4 && !(lastTwo >= 12 && lastTwo <= 14)) return 1;
    return 2;
  },
};

function lookup(messages: TranslationMessages, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Polyglot's phrase transform: the plural form for `smart_count`, then the `%{token}` substitutions. */
export function transformPhrase(phrase: string, options: Options | undefined, locale: Language): string {
  let text = phrase;
  const count = options?.smart_count;
  if (typeof count === 'number' && text.includes('||||')) {
    const forms = text.split('||||');
    text = (forms[pluralForm[locale](count)] ?? forms[0]).trim();
  }
  return text.replace(/%\{(.*?)\}/g, (token, name: string) =>
    options && Object.hasOwn(options, name) && options[name] !== undefined && options[name] !== null
      ? String(options[name])
      : token,
  );
}

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
