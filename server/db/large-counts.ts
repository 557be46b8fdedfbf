import type { Db } from './client';

/** Totals from this size up are worth reusing for a moment; smaller ones are counted exactly every time. */
export const LARGE_COUNT = 10_000;
/** How long a large total is reused. */
export const LARGE_COUNT_TTL_MS = 5_000;
const MAX_KEYS = 500;

const caches = new WeakMap<Db, Map<string, { total: number; at: number }>>();

/**
 * A list's x-total-count. Counting tens of thousands of rows costs more than the page itself, on every request,
 * so a total of LARGE_COUNT or more is reused for LARGE_COUNT_TTL_MS (per database and query `key`): the
 * pager of a 90,000-task list may lag a few seconds behind, a small list never does.
 */
export async function countOften(db: Db, key: string, count: () => Promise<number>): Promise<number> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < LARGE_COUNT_TTL_MS) return hit.total;
  const total = await count();
  if (total >= LARGE_COUNT) {
    if (cache.size >= MAX_KEYS) cache.clear();
    cache.set(key, { total, at: now });
  } else cache.delete(key);
  return total;
}
