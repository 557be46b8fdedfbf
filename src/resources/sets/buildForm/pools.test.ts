import { describe, expect, it } from 'vitest';
import type { PoolEntry } from '../types';
import {
  addFeePool,
  applyPreset,
  copyPools,
  devfeePool,
  emptyPool,
  isBlankPool,
  joinPools,
  removeFeePool,
  resetPools,
  splitPools,
  totalFee,
  workerFromSetName,
} from './pools';

const entry = (type: PoolEntry['type_fee_pool'], worker: string, fee: number): PoolEntry => ({
  alias: `${type}pool`,
  url: `stratum+tcp://${type}.example.com:3333`,
  account: `acc_${type}`,
  worker,
  fee,
  fake_fee: null,
  hidden: false,
  type_fee_pool: type,
});

const build: PoolEntry[] = [
  entry('devfee', 'farm1', 2),
  entry('fee', 'w1', 1.5),
  entry('fee', 'w2', 0.5),
  entry('refund', 'back', 1),
];

describe('pools of the build form', () => {
  it('starts the DevFee pool at fee 2 with the worker from the set name', () => {
    expect(workerFromSetName('Farm #1 – north.a')).toBe('Farm1north.a');
    // Issue 37: an ASCII worker from a Cyrillic name.
    expect(workerFromSetName('Ферма Бета')).toBe('FermaBeta');
    const pool = devfeePool('Farm1');
    expect(pool).toMatchObject({ fee: 2, worker: 'Farm1', type_fee_pool: 'devfee' });
  });

  it('splits a build into DevFee, five fee slots and the refund pool, and joins them back', () => {
    const values = splitPools(build);
    expect(values.devfee_pool_config.worker).toBe('farm1');
    expect(values.fee_pools_configs).toHaveLength(5);
    expect(values.poolsLimit).toBe(2);
    expect(values.fee_pools_configs[1].worker).toBe('w2');
    expect(isBlankPool(values.fee_pools_configs[2])).toBe(true);
    expect(values.refund_pool_config.worker).toBe('back');
    expect(joinPools(values, true)).toEqual(build);
    // Not an admin: no refund pool is sent.
    expect(joinPools(values, false).map((p) => p.type_fee_pool)).toEqual(['devfee', 'fee', 'fee']);
  });

  it('takes an emptied input (null) as empty', () => {
    const emptied = { ...emptyPool(), alias: null, url: null, account: null, worker: null };
    expect(isBlankPool(emptied)).toBe(true);
    const values = splitPools(build);
    values.devfee_pool_config.alias = null;
    expect(joinPools(values, false)[0].alias).toBe('');
  });

  it('leaves out fee slots that are empty or beyond the pool count', () => {
    const values = splitPools(build);
    values.fee_pools_configs[0] = emptyPool();
    values.fee_pools_configs[3] = { ...emptyPool(), worker: 'hidden', fee: 50 };
    expect(joinPools(values, false).map((p) => p.worker)).toEqual(['farm1', 'w2']);
  });

  it('adds up the fees of the pools that are sent', () => {
    const values = splitPools(build);
    // The refund pool is no fee.
    expect(totalFee(values)).toBe(4);
    values.fee_pools_configs[0].fee = '10.25';
    expect(totalFee(values)).toBe(12.75);
  });

  it('shows one more slot at a time, at most five', () => {
    expect(addFeePool({ ...splitPools(build) })).toEqual({ poolsLimit: 3 });
    expect(addFeePool({ ...splitPools(build), poolsLimit: 5 })).toEqual({ poolsLimit: 5 });
  });

  it('clears a removed fee pool’s slot, moves the later ones up and decrements the count', () => {
    const values = splitPools(build);
    const after = removeFeePool(values, 0);
    expect(after.poolsLimit).toBe(1);
    expect(after.fee_pools_configs).toHaveLength(5);
    expect(after.fee_pools_configs[0].worker).toBe('w2');
    expect(isBlankPool(after.fee_pools_configs[1])).toBe(true);
    // A slot that is not shown cannot be removed.
    expect(removeFeePool(values, 4).poolsLimit).toBe(2);
  });

  it('resets every pool but keeps the DevFee worker', () => {
    const values = splitPools(build);
    values.devfee_pool_config.fee = 7;
    const reset = resetPools(values);
    expect(reset.devfee_pool_config).toEqual(devfeePool('farm1'));
    expect(reset.poolsLimit).toBe(0);
    expect(reset.fee_pools_configs.every(isBlankPool)).toBe(true);
    expect(isBlankPool(reset.refund_pool_config)).toBe(true);
  });

  it('copies another build’s pools and keeps this set’s DevFee worker', () => {
    const mine = splitPools([], 'MySet');
    const copied = copyPools(mine, build);
    expect(copied.devfee_pool_config.worker).toBe('MySet');
    expect(copied.devfee_pool_config.url).toBe(build[0].url);
    expect(copied.poolsLimit).toBe(2);
    expect(copied.refund_pool_config.account).toBe('acc_refund');
  });

  it('fills a slot from a pool preset, keeping an alias already typed', () => {
    const preset = { pool: 'Binance Pool', url: 'stratum+tcp://sha256.poolbinance.com:443' };
    expect(applyPreset(emptyPool(), preset)).toMatchObject({ url: preset.url, alias: 'Binance Pool' });
    expect(applyPreset({ ...emptyPool(), alias: 'main' }, preset).alias).toBe('main');
  });
});
