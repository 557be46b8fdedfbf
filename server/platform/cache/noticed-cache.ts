import type { FastifyRequest } from 'fastify';

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
export class NoticedCache<K, V> {
  private readonly entries = new Map<K, { value: V; at: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** The kept value of `key`, or `load`'s (kept unless it is undefined: a missing row may appear soon). */
  async get(key: K, load: (key: K) => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const generation = this.generation;
    const at = Date.now();
    const value = await load(key);
    if (value !== undefined && generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { value, at });
    }
    return value;
  }

  /** One key changed; without a key, any may have. */
  forget(key?: K): void {
    this.generation++;
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }
}
