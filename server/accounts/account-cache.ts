import type { AccountRow } from './accounts-repository';

/** How long a cached account is trusted at most, should a change notification ever be missed. */
export const ACCOUNT_CACHE_TTL_MS = 5_000;
const MAX_ACCOUNTS = 10_000;

/**
 * The accounts of recent requests, so that an authenticated request does not read its account again and
 * again (it was one of two or three statements of every list request). What keeps it exact:
 * - the database announces every change to an account after its commit (trigger accounts_changed, migration
 *   0006): PGlite delivers that before the write returns; PostgreSQL to every instance's LISTEN connection;
 * - this instance forgets everything once a request that may have written has been handled, before its
 *   response leaves (a notification from PostgreSQL may arrive a moment later than the response);
 * - a read that began before a change is not kept (the generation moved on);
 * - and nothing is kept longer than ACCOUNT_CACHE_TTL_MS.
 */
export class AccountCache {
  private readonly entries = new Map<number, { row: AccountRow; at: number }>();
  private generation = 0;

  constructor(private readonly ttlMs = ACCOUNT_CACHE_TTL_MS) {}

  async get(
    id: number,
    load: (id: number) => Promise<AccountRow | undefined>,
  ): Promise<AccountRow | undefined> {
    const hit = this.entries.get(id);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.row;
    const generation = this.generation;
    const at = Date.now();
    const row = await load(id);
    if (row && generation === this.generation) {
      if (this.entries.size >= MAX_ACCOUNTS) this.entries.clear();
      this.entries.set(id, { row, at });
    }
    return row;
  }

  /** One account changed; without an id, any may have. */
  forget(id?: number): void {
    this.generation++;
    if (id === undefined) this.entries.clear();
    else this.entries.delete(id);
  }
}
