import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

const READ_ONLY = /^(GET|HEAD|OPTIONS)$/;
const AGENT_PATHS = /^\/api\/agent\//;

/**
 * Whether a handled request may have changed what a console-side cache holds: any write of an account (agents
 * write only their jobs' state, which no such cache keeps). Caches forget on it before the response leaves,
 * since PostgreSQL's change notice may arrive a moment after.
 */
export const mayHaveChangedCaches = (request: FastifyRequest) =>
  !READ_ONLY.test(request.method) && !AGENT_PATHS.test(request.url);

/**
 * Values read from the database, kept until the database announces a change to them (a trigger's NOTIFY,
 * relayed by the build events bus) or until `ttlMs` has passed, should a notice ever be missed. A read that
 * began before a change is not kept (the generation moved on), so a value is never older than the last notice.
 * Used by the account cache and the catalogue cache.
 */
export class NoticedCache<K extends {}, V> {
  /** Boxed, since lru-cache keeps no undefined value; full, it lets the least recently used entry go. */
  private readonly entries: LRUCache<K, { value: V }>;
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    maxEntries = 10_000,
  ) {
    this.entries = new LRUCache({ max: maxEntries, ttl: ttlMs });
  }

  /** The kept value of `key`, or `load`'s (kept unless it is undefined: a missing row may appear soon). */
  async get(key: K, load: (key: K) => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit) return hit.value;
    const generation = this.generation;
    const at = Date.now();
    const value = await load(key);
    // The time to live counts from the read's start, so a slow read is not kept longer than a quick one.
    const ttl = this.ttlMs - (Date.now() - at);
    if (value !== undefined && generation === this.generation && ttl > 0)
      this.entries.set(key, { value }, { ttl });
    return value;
  }

  /** One key changed; without a key, any may have. */
  forget(key?: K): void {
    this.generation++;
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }
}
