import { NoticedCache } from '../platform/cache/noticed-cache';
import type { PartnerFeeRow } from '../platform/db/schema';
import type { AccountRow } from './accounts-repository';

/** How long a cached account is trusted at most, should a change notification ever be missed. */
export const ACCOUNT_CACHE_TTL_MS = 5_000;

/**
 * The accounts of recent requests and their fee records, so that an authenticated request does not read them
 * again and again (the account was one of two or three statements of every list request; the fees the one
 * statement of /client/account/info). What keeps it exact:
 * - the database announces every change to an account or its fee records after its commit (trigger
 *   accounts_changed, migrations 0006 and 0017): PGlite delivers that before the write returns; PostgreSQL to
 *   every instance's LISTEN connection;
 * - this instance forgets everything once a request that may have written has been handled, before its
 *   response leaves (a notification from PostgreSQL may arrive a moment later than the response);
 * - a read that began before a change is not kept (the generation moved on);
 * - and nothing is kept longer than ACCOUNT_CACHE_TTL_MS.
 */
export class AccountCache {
  private readonly accounts: NoticedCache<number, AccountRow | undefined>;
  private readonly fees: NoticedCache<number, PartnerFeeRow[]>;

  constructor(ttlMs = ACCOUNT_CACHE_TTL_MS) {
    this.accounts = new NoticedCache(ttlMs);
    this.fees = new NoticedCache(ttlMs);
  }

  get(id: number, load: (id: number) => Promise<AccountRow | undefined>): Promise<AccountRow | undefined> {
    return this.accounts.get(id, load);
  }

  /** The account's fee records (spec §4: a partner's minimum DevFee and total fee per series). */
  partnerFees(id: number, load: (id: number) => Promise<PartnerFeeRow[]>): Promise<PartnerFeeRow[]> {
    return this.fees.get(id, load);
  }

  /** One account changed; without an id, any may have. */
  forget(id?: number): void {
    this.accounts.forget(id);
    this.fees.forget(id);
  }
}
