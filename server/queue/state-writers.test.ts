import { describe, expect, it } from 'vitest';
import { serverSources } from '../test/source-files';

// Only server/queue/ writes a build's state (docs/architecture.md): a build enters the queue, is claimed, runs,
// ends and is requeued there alone, so the lease, the runs' records and the set's counts stay true. This reads
// the server's sources (tests and test helpers, which stage states, left out) for writes to `builds` elsewhere.

/** Where `text` closes the bracket that opens at `open`. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if ('({['.includes(text[i])) depth++;
    else if (')}]'.includes(text[i]) && --depth === 0) return i;
  }
  return text.length;
}

/** The names the builds table goes by in a file: `builds` and any `const b = builds`. */
const tableNames = (text: string) => [
  'builds',
  ...[...text.matchAll(/const (\w+) = builds;/g)].map((m) => m[1]),
];

/**
 * Why each write to the builds table in `text` may change a build's state: an insert always does (a new row
 * has a status); an update does when its `.set()` names `status`, or spreads a value it does not spell out
 * (a generic writer), or is not an object literal. Raw SQL writes to builds are refused outright.
 */
function stateWrites(text: string): string[] {
  const found: string[] = [];
  for (const name of tableNames(text)) {
    if (new RegExp(`\\.insert\\(\\s*${name}\\s*\\)`).test(text)) found.push(`insert(${name})`);
    for (const update of text.matchAll(new RegExp(`\\.update\\(\\s*${name}\\s*\\)\\s*\\.set\\(`, 'g'))) {
      const start = (update.index ?? 0) + update[0].length;
      const values = text.slice(start, closing(text, start - 1));
      if (!values.trimStart().startsWith('{')) found.push(`update(${name}).set(${values.trim()})`);
      else if (/\bstatus\s*:/.test(values)) found.push(`update(${name}) of status`);
      else if (/\.\.\.\s*[\w$]/.test(values)) found.push(`update(${name}) spreading ${values.trim()}`);
    }
  }
  if (/\b(update\s+"?builds"?\s+set|insert\s+into\s+"?builds"?)\b/i.test(text)) found.push('raw SQL');
  return found;
}

describe("a build's state", () => {
  it('is written under server/queue/ only', () => {
    const outside = serverSources()
      .filter(({ file }) => !file.startsWith('queue/') && !file.startsWith('test/'))
      .flatMap(({ file, text }) => stateWrites(text).map((write) => `${file}: ${write}`));
    expect(outside).toEqual([]);
  });

  it('is told apart from the writes of other fields', () => {
    expect(stateWrites('db.update(builds).set({ is_removed: true, updated_at: new Date() })')).toEqual([]);
    expect(stateWrites('db.update(builds).set({ a: 1, ...(wipe ? { sha256: null } : {}) })')).toEqual([]);
    expect(stateWrites("db.update(builds).set({ status: 'done' })")).toHaveLength(1);
    expect(stateWrites('db.update(builds).set({ ...values, updated_at: new Date() })')).toHaveLength(1);
    expect(stateWrites('const b = builds;\ndb.update(b).set(values)')).toHaveLength(1);
    expect(stateWrites('db.insert(builds).values(row)')).toHaveLength(1);
    expect(stateWrites("sql`UPDATE builds SET status = 'failed'`")).toHaveLength(1);
  });
});
