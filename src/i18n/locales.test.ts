import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';

type Messages = { [key: string]: string | Messages };

/** Every message of a catalogue, by its dotted key. */
function flatten(messages: Messages, prefix = ''): Map<string, string> {
  return new Map(
    Object.entries(messages).flatMap(([key, value]) =>
      typeof value === 'string' ? [[prefix + key, value]] : [...flatten(value, `${prefix}${key}.`)],
    ),
  );
}

const placeholders = (message: string) => [...new Set(message.match(/%\{\w+\}/g) ?? [])].sort();

const english = flatten(en as Messages);
const russian = flatten(ru as Messages);

// A string added in English only shows its key, or English, to a Russian reader; one added with a misspelt
// placeholder shows "%{name}" to everyone. Each session adds strings, so the catalogues are checked as a whole.
describe('the Russian catalogue', () => {
  it('has every English message and no other', () => {
    expect([...english.keys()].filter((key) => !russian.has(key))).toEqual([]);
    expect([...russian.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it('fills in the same placeholders as the English message', () => {
    const differing = [...english].filter(
      ([key, message]) =>
        russian.has(key) && placeholders(message).join() !== placeholders(russian.get(key) ?? '').join(),
    );
    expect(differing.map(([key]) => key)).toEqual([]);
  });

  // Resources' names are titles: react-admin asks for them with smart_count 1 or 2 only, never a count.
  it('gives Russian its three plural forms wherever English counts with two', () => {
    const plural = [...english]
      .filter(([key, message]) => message.includes('||||') && !/^resources\.\w+\.name$/.test(key))
      .map(([key]) => key);
    expect(plural.length).toBeGreaterThan(0);
    const wrong = plural.filter((key) => (russian.get(key) ?? '').split('||||').length !== 3);
    expect(wrong).toEqual([]);
  });
});
