// The messages of every page: react-admin's language pack plus ours (locales/*.json: `app.…` and
// `resources.<name>.…`). English ships with the first page; Russian is loaded on demand, on top of English so a
// key missing from the Russian pack still reads in English rather than as a key. This module stays free of
// react-admin's runtime so the public pages (sign-in, password reset, …) can use it without the admin bundle.
import type { TranslationMessages } from 'ra-core';
import englishMessages from 'ra-language-english';
import type { Language } from '../../contract/constants';
import en from '../../locales/en.json';
import { deepMerge } from './deepMerge';

type Messages = Record<string, unknown>;

const english = deepMerge<Messages>(englishMessages as unknown as Messages, en) as TranslationMessages;

const loaded: Partial<Record<Language, TranslationMessages>> = { en: english };

/** A language's messages when already loaded. */
export const loadedMessages = (locale: Language): TranslationMessages | undefined => loaded[locale];

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
