import { DEFAULT_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from '../../contract/constants';

const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);

/**
 * The UI locale (spec §1): the stored one when it is a supported language; otherwise the browser's language,
 * `ru` when it starts with "ru", otherwise `en`.
 */
export function detectLocale(stored: unknown, navigatorLanguage: string | undefined | null): Language {
  if (isLanguage(stored)) return stored;
  if (navigatorLanguage?.toLowerCase().startsWith('ru')) return 'ru';
  return DEFAULT_LANGUAGE;
}
