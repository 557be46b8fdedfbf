import { describe, expect, it } from 'vitest';
import { AccountCache } from './account-cache';
import type { AccountRow } from './accounts-repository';

const row = (id: number, token_version = 0) => ({ id, token_version }) as AccountRow;

describe('AccountCache', () => {
  it('reads an account once, then again after it is forgotten or its time is up', async () => {
    const cache = new AccountCache(50);
    let reads = 0;
    const load = async (id: number) => {
      reads++;
      return row(id, reads);
    };
    expect(await cache.get(1, load)).toEqual(row(1, 1));
    expect(await cache.get(1, load)).toEqual(row(1, 1));
    expect(reads).toBe(1);
    cache.forget(1);
    expect(await cache.get(1, load)).toEqual(row(1, 2));
    await cache.get(2, load);
    cache.forget();
    expect(await cache.get(2, load)).toEqual(row(2, 4));
    await new Promise((r) => setTimeout(r, 60));
    expect(await cache.get(2, load)).toEqual(row(2, 5));
  });

  it('does not keep a read that began before a change, nor a missing account', async () => {
    const cache = new AccountCache();
    let release: (value: AccountRow) => void = () => undefined;
    const slow = cache.get(1, () => new Promise<AccountRow>((r) => (release = r)));
    cache.forget(1);
    release(row(1, 0));
    expect(await slow).toEqual(row(1, 0));
    expect(await cache.get(1, async () => row(1, 1))).toEqual(row(1, 1));
    expect(await cache.get(9, async () => undefined)).toBeUndefined();
    expect(await cache.get(9, async () => row(9))).toEqual(row(9));
  });
});
