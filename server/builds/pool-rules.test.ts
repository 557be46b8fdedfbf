import { describe, expect, it } from 'vitest';
import { checkPools, isPoolUrl, type PoolInput, percentIssue } from './pool-rules';

const devfee: PoolInput = {
  url: 'stratum+tcp://a.example.com:3333',
  account: 'acc',
  worker: 'set1',
  type_fee_pool: 'devfee',
};
const fee = (value: number): PoolInput => ({ ...devfee, type_fee_pool: 'fee', fee: value });

describe('pool rules', () => {
  it.each([
    ['stratum+tcp://btc.viabtc.io:3333', true],
    ['stratum+ssl://btc.viabtc.io:443', true],
    ['stratum2+tcp://v2.stratum.braiins.com:3336/9awtMD5KQgvRUh2yFbjVeT7b6hjipWcAsQHd6wEhgtDT9soosna', true],
    ['stratum+tcp://10.0.0.5:3333', true],
    ['stratum+tcp://[2001:db8::1]:3333', true],
    ['stratum+tcp://pool.example.com', false],
    ['stratum+tcp://pool.example.com:0', false],
    ['stratum+tcp://pool.example.com:70000', false],
    ['http://pool.example.com:3333', false],
    ['stratum+tcp://-bad.example.com:3333', false],
    ['stratum+tcp://user@pool.example.com:3333', false],
  ])('%s is a pool url: %s', (url, ok) => {
    expect(isPoolUrl(url)).toBe(ok);
  });

  it('checks percents with the spec’s messages', () => {
    expect(percentIssue(0)).toBeUndefined();
    expect(percentIssue(100)).toBeUndefined();
    expect(percentIssue(2.25)).toBeUndefined();
    expect(percentIssue(100.01)).toBe('Enter a value from 0 to 100');
    expect(percentIssue(1.005)).toBe('Maximum 2 decimal places');
  });

  it('defaults the DevFee to 2 and keeps the given order', () => {
    const { pools, issues } = checkPools([fee(1), devfee], { allowRefund: false });
    expect(issues).toEqual([]);
    expect(pools.map((p) => [p.type_fee_pool, p.fee])).toEqual([
      ['fee', 1],
      ['devfee', 2],
    ]);
    expect(pools[1]).toMatchObject({ alias: '', fake_fee: null, hidden: false });
  });

  it('adds fees to two decimals before comparing the total', () => {
    const entries = [{ ...devfee, fee: 33.33 }, fee(33.33), fee(33.34)];
    expect(checkPools(entries, { allowRefund: false }).issues).toEqual([]);
    const over = checkPools([...entries.slice(0, 2), fee(33.35)], { allowRefund: false });
    expect(over.issues).toEqual([
      { loc: ['body', 'fee_pools_configs'], msg: 'Total fee cannot be more than 100' },
    ]);
  });

  it('leaves the refund pool out of the total and the minimums', () => {
    const refund: PoolInput = { ...fee(90), type_fee_pool: 'refund' };
    const { issues } = checkPools([devfee, fee(8), refund], {
      allowRefund: true,
      minimums: { min_dev_fee: 2, min_total_fee: 10 },
    });
    expect(issues).toEqual([]);
    const below = checkPools([devfee, fee(7.99), refund], {
      allowRefund: true,
      minimums: { min_dev_fee: 2, min_total_fee: 10 },
    });
    expect(below.issues).toEqual([{ loc: ['body', 'fee_pools_configs'], msg: 'Cannot be less than 10' }]);
  });

  it('reports every problem of every entry at its own location', () => {
    const { issues } = checkPools(
      [
        { ...devfee, url: 'ftp://x:1', account: 'a b', worker: 'w' },
        { ...fee(1), fee: undefined },
      ],
      { allowRefund: false },
    );
    expect(issues).toEqual([
      { loc: ['body', 'fee_pools_configs', 0, 'url'], msg: 'Must be a valid url' },
      { loc: ['body', 'fee_pools_configs', 0, 'account'], msg: 'Only letters, numbers and dot' },
      { loc: ['body', 'fee_pools_configs', 0, 'worker'], msg: 'Minimum 3 characters' },
      { loc: ['body', 'fee_pools_configs', 1, 'fee'], msg: 'Fee is required' },
    ]);
  });
});
