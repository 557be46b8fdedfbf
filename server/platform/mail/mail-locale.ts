import { lookup } from '../../../contract/messages';
import en from '../../../locales/en.json';
import ru from '../../../locales/ru.json';
import type { MailLanguage } from './templates';

const LOCALES: Record<MailLanguage, object> = { en, ru };

/**
 * A phrase of the console's own locales, for a mail that names what the console shows (a release's stage):
 * the words the account reads on its pages. Russian falls back to English as the console does.
 */
export function consoleText(language: MailLanguage, key: string): string {
  const phrase = lookup(LOCALES[language] ?? en, key) ?? lookup(en, key);
  if (phrase === undefined) throw new Error(`No console text for ${key}`);
  return phrase;
}
