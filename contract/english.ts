// The English text of a contract message (locales/en.json): what the server answers, word for word the spec's.
import en from '../locales/en.json';
import { lookup, type Message, transformPhrase } from './messages';

export function englishText(message: Message): string {
  const key = typeof message === 'string' ? message : message.message;
  const phrase = lookup(en, key);
  if (phrase === undefined) throw new Error(`No English message for ${key}`);
  return transformPhrase(phrase, typeof message === 'string' ? undefined : message.args, 'en');
}

/** The English text of a message, if there is one. */
export const englishOf = (message: Message | undefined): string | undefined =>
  message === undefined ? undefined : englishText(message);
