import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from './client';
import {
  countOften,
  countUnderWay,
  LARGE_COUNT,
  LARGE_COUNT_STALE_MS,
  LARGE_COUNT_TTL_MS,
  recentTotal,
} from './large-counts';

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

describe('countOften past LARGE_COUNT_TTL_MS (issue 42)', () => {
  afterEach(() => vi.useRealTimers());

  /** A count that answers when told to, LARGE_COUNT plus how many counts were begun. */
  const gatedCount = () => {
    const gates: (() => void)[] = [];
    let begun = 0;
    const count = () => {
      begun += 1;
      const total = LARGE_COUNT + begun;
      return new Promise<number>((resolve) => gates.push(() => resolve(total)));
    };
    return { count, begun: () => begun, answer: () => gates.shift()?.() };
  };

  it('shares one count between the requests that need it meanwhile', async () => {
    const db = fakeDb();
    const { count, begun, answer } = gatedCount();
    const first = countOften(db, 'k', count);
    const second = countOften(db, 'k', count);
    expect(countUnderWay(db, 'k')).toBeDefined();
    answer();
    expect([await first, await second]).toEqual([LARGE_COUNT + 1, LARGE_COUNT + 1]);
    expect(begun()).toBe(1);
    expect(countUnderWay(db, 'k')).toBeUndefined();
  });

  it('answers the kept total while one count runs behind, until LARGE_COUNT_STALE_MS', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const db = fakeDb();
    const { count, begun, answer } = gatedCount();
    const first = countOften(db, 'k', count);
    answer();
    expect(await first).toBe(LARGE_COUNT + 1);

    vi.setSystemTime(Date.now() + LARGE_COUNT_TTL_MS);
    // Lapsed: the kept total is answered at once, and counted again behind (once, however many ask).
    expect(await countOften(db, 'k', count)).toBe(LARGE_COUNT + 1);
    expect(await countOften(db, 'k', count)).toBe(LARGE_COUNT + 1);
    expect(begun()).toBe(2);
    answer();
    await vi.waitFor(() => expect(recentTotal(db, 'k')).toBe(LARGE_COUNT + 2));

    // Kept too long (nobody asked meanwhile): counted before answering.
    vi.setSystemTime(Date.now() + LARGE_COUNT_STALE_MS);
    const late = countOften(db, 'k', count);
    expect(begun()).toBe(3);
    answer();
    expect(await late).toBe(LARGE_COUNT + 3);
  });

  it('forgets a small total counted behind, so the next request counts it exactly', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const db = fakeDb();
    let total = LARGE_COUNT;
    expect(await countOften(db, 'k', async () => total)).toBe(LARGE_COUNT);
    total = 5;
    vi.setSystemTime(Date.now() + LARGE_COUNT_TTL_MS);
    expect(await countOften(db, 'k', async () => total)).toBe(LARGE_COUNT);
    await vi.waitFor(() => expect(recentTotal(db, 'k')).toBeUndefined());
    expect(await countOften(db, 'k', async () => total)).toBe(5);
  });
});
