// How contract/ names a message: an i18n key of locales/*.json (whose English text is the spec's), with its
// arguments. The console translates it with react-admin; the server answers the English text (./english.ts).
import type { Language } from './constants';

/** A key, or a key with `%{name}` arguments: the shape react-admin's validators return. */
export type Message = string | { message: string; args: Record<string, unknown> };

/** A message of `app.validation` (spec §5). */
export function validation(key: string): string;
export function validation(key: string, args: Record<string, unknown>): Message;
export function validation(key: string, args?: Record<string, unknown>): Message {
  return args ? { message: `app.validation.${key}`, args } : `app.validation.${key}`;
}

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

/** The phrase at a dotted key of nested messages. */
export function lookup(messages: object, key: string): string | undefined {
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
