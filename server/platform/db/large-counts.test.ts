import { describe, expect, it } from 'vitest';
import type { Db } from './client';
import { countOften, LARGE_COUNT } from './large-counts';

const fakeDb = () => ({}) as Db; // only its identity is used, as the cache's key

describe('countOften', () => {
  it('counts small lists exactly every time', async () => {
    const db = fakeDb();
    let total = 20;
    const count = async () => total;
    expect(await countOften(db, 'k', count)).toBe(20);
    total = 21;
    expect(await countOften(db, 'k', count)).toBe(21);
  });

  it('reuses a large total for a moment, per database and query', async () => {
    const db = fakeDb();
    let calls = 0;
    const count = async () => {
      calls += 1;
      return LARGE_COUNT + calls;
    };
    expect(await countOften(db, 'k', count)).toBe(LARGE_COUNT + 1);
    expect(await countOften(db, 'k', count)).toBe(LARGE_COUNT + 1);
    expect(await countOften(db, 'other filter', count)).toBe(LARGE_COUNT + 2);
    expect(await countOften(fakeDb(), 'k', count)).toBe(LARGE_COUNT + 3);
    expect(calls).toBe(3);
  });
});
