import type { Db } from './client';

/** Totals from this size up are worth reusing for a moment; smaller ones are counted exactly every time. */
export const LARGE_COUNT = 10_000;
/** How long a large total is reused. */
export const LARGE_COUNT_TTL_MS = 5_000;
const MAX_KEYS = 500;

const caches = new WeakMap<Db, Map<string, { total: number; at: number }>>();

function cacheOf(db: Db) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** A large total counted less than LARGE_COUNT_TTL_MS ago for `key`, if there is one. */
export function recentTotal(db: Db, key: string): number | undefined {
  const hit = cacheOf(db).get(key);
  return hit && Date.now() - hit.at < LARGE_COUNT_TTL_MS ? hit.total : undefined;
}

/** Keeps a total just counted, if it is large enough to be reused (a small one is forgotten). */
export function keepTotal(db: Db, key: string, total: number): void {
  const cache = cacheOf(db);
  if (total >= LARGE_COUNT) {
    if (cache.size >= MAX_KEYS) cache.clear();
    cache.set(key, { total, at: Date.now() });
  } else cache.delete(key);
}

/**
 * A list's x-total-count. Counting tens of thousands of rows costs more than the page itself, on every request,
 * so a total of LARGE_COUNT or more is reused for LARGE_COUNT_TTL_MS (per database and query `key`): the
 * pager of a 90,000-task list may lag a few seconds behind, a small list never does.
 */
export async function countOften(db: Db, key: string, count: () => Promise<number>): Promise<number> {
  const recent = recentTotal(db, key);
  if (recent !== undefined) return recent;
  const total = await count();
  keepTotal(db, key, total);
  return total;
}
