import type { Db } from './client';

/** Totals from this size up are worth reusing for a moment; smaller ones are counted exactly every time. */
export const LARGE_COUNT = 10_000;
/** How long a large total is reused. */
export const LARGE_COUNT_TTL_MS = 5_000;
/**
 * How long a large total may be shown at most: after LARGE_COUNT_TTL_MS it is counted again behind the
 * requests, which take the kept one until that count is in (issue 42: counting 900,000 tasks took longer than
 * every page polled meanwhile, and each of them counted too).
 */
export const LARGE_COUNT_STALE_MS = 2 * LARGE_COUNT_TTL_MS;
const MAX_KEYS = 500;

const caches = new WeakMap<Db, Map<string, { total: number; at: number }>>();
/** The keys being counted again behind the requests, per database. */
const recounts = new WeakMap<Db, Set<string>>();
/** The counts under way that requests wait for, per database and key. */
const underWay = new WeakMap<Db, Map<string, Promise<number>>>();

/** `store`'s value for `db`, made by `make` the first time. */
function ofDatabase<V>(store: WeakMap<Db, V>, db: Db, make: () => V): V {
  let value = store.get(db);
  if (value === undefined) {
    value = make();
    store.set(db, value);
  }
  return value;
}

const underWayOf = (db: Db) => ofDatabase(underWay, db, () => new Map<string, Promise<number>>());

/** The count of `key` under way, if one is: whoever needs the total meanwhile waits for it. */
export function countUnderWay(db: Db, key: string): Promise<number> | undefined {
  return underWay.get(db)?.get(key);
}

/**
 * Makes `counting` the count of `key` under way until it is in, and keeps its total (keepTotal): the requests
 * that need the total meanwhile wait for it rather than each counting (issue 42: sixteen admins' pages counting
 * 900,000 tasks at once each took ten times as long).
 */
export function shareCount(db: Db, key: string, counting: Promise<number>): Promise<number> {
  const counts = underWayOf(db);
  const shared = counting
    .then((total) => {
      keepTotal(db, key, total);
      return total;
    })
    .finally(() => {
      if (counts.get(key) === shared) counts.delete(key);
    });
  counts.set(key, shared);
  return shared;
}

const cacheOf = (db: Db) => ofDatabase(caches, db, () => new Map<string, { total: number; at: number }>());

/**
 * A large total kept for `key` that may still be shown, if there is one: counted less than LARGE_COUNT_TTL_MS
 * ago, or, given `recount`, less than LARGE_COUNT_STALE_MS ago; then `recount` counts it again behind the
 * caller (one count at a time per database and key) and keeps what it finds.
 */
export function recentTotal(db: Db, key: string, recount?: () => Promise<number>): number | undefined {
  const hit = cacheOf(db).get(key);
  if (!hit) return undefined;
  const age = Date.now() - hit.at;
  if (age < LARGE_COUNT_TTL_MS) return hit.total;
  if (!recount || age >= LARGE_COUNT_STALE_MS) return undefined;
  const counting = ofDatabase(recounts, db, () => new Set<string>());
  if (!counting.has(key)) {
    const keys = counting;
    keys.add(key);
    recount()
      .then((total) => keepTotal(db, key, total))
      // A failed recount leaves the total to lapse: the next request past LARGE_COUNT_STALE_MS counts it.
      .catch(() => {})
      .finally(() => keys.delete(key));
  }
  return hit.total;
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
 * so a total of LARGE_COUNT or more is reused for LARGE_COUNT_TTL_MS (per database and query `key`), then
 * counted again behind the requests until LARGE_COUNT_STALE_MS: the pager of a 90,000-task list may lag a few
 * seconds behind, a small list never does.
 */
export async function countOften(db: Db, key: string, count: () => Promise<number>): Promise<number> {
  const recent = recentTotal(db, key, count);
  if (recent !== undefined) return recent;
  return countUnderWay(db, key) ?? shareCount(db, key, count());
}
