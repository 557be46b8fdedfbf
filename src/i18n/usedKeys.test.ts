import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';

type Messages = { [key: string]: string | Messages };

const lookup = (messages: Messages, key: string): unknown =>
  key.split('.').reduce<unknown>((at, part) => (at as Messages | undefined)?.[part], messages);

/** The SPA's source files, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const ROOTS = Object.keys(en).join('|');
/** A whole key written as a literal: 'app.build_form.pools.copy' (a template with ${…} is not matched). */
const LITERAL_KEY = new RegExp(`['"\`]((?:${ROOTS})\\.[a-z0-9_]+(?:\\.[a-z0-9_]+)+)['"\`]`, 'g');

// Session 26: a merge dropped keys the console still asked for (the build form's "Duplicate pool settings"
// button showed its key). Every key the code names in full must be in the English catalogue (the Russian one
// has the same keys: locales.test.ts).
describe('the keys the console asks for', () => {
  it('are all in the English catalogue', () => {
    const missing = sources('src').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(LITERAL_KEY)]
        .map((match) => match[1])
        // A dotted string whose parent is no group of messages is code, not a key (`history.state.idx`).
        .filter((key) => typeof lookup(en as Messages, key.replace(/\.[a-z0-9_]+$/, '')) === 'object')
        .filter((key) => lookup(en as Messages, key) === undefined)
        .map((key) => `${file}: ${key}`),
    );
    expect(missing).toEqual([]);
  });
});
