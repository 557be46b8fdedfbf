import { describe, expect, it } from 'vitest';
import { checkPools, type PoolInput } from './pool-rules';

const devfee: PoolInput = {
  url: 'stratum+tcp://a.example.com:3333',
  account: 'acc',
  worker: 'set1',
  type_fee_pool: 'devfee',
};
const fee = (value: number): PoolInput => ({ ...devfee, type_fee_pool: 'fee', fee: value });

// The rules of one pool (url, account, worker, fee) are tested in contract/rules; here, the list as a whole.
describe('pool rules', () => {
  it('defaults the DevFee to 2 and keeps the given order', () => {
    const { pools, issues } = checkPools([fee(1), devfee], { allowRefund: false });
    expect(issues).toEqual([]);
    expect(pools.map((p) => [p.type_fee_pool, p.fee])).toEqual([
      ['fee', 1],
      ['devfee', 2],
    ]);
    expect(pools[1]).toMatchObject({ alias: '', fake_fee: null, hidden: false });
  });

  it('refuses a worker that is not ASCII, naming the field (issue 37)', () => {
    const { issues } = checkPools([{ ...devfee, worker: 'ФермаБета' }], { allowRefund: false });
    expect(issues).toEqual([
      { loc: ['body', 'fee_pools_configs', 0, 'worker'], msg: 'Only Latin letters, numbers and dot' },
    ]);
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
