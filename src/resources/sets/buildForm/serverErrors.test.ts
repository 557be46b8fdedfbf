import { describe, expect, it } from 'vitest';
import { emptyPool, splitPools } from './pools';
import { POOLS_TOTAL_FIELD, sentPoolPaths, serverFieldErrors } from './serverErrors';
import { build } from './test/fixtures';

const invalid = (...detail: { loc: unknown[]; msg: string }[]) => ({ status: 422, body: { detail } });

describe('server messages on the build form', () => {
  const values = splitPools(build.fee_pools_configs);
  values.poolsLimit = 3;
  values.fee_pools_configs[2] = { ...emptyPool(), account: 'third', url: 'stratum+tcp://x.example:1' };

  it('knows which form pool each sent entry came from', () => {
    expect(sentPoolPaths(values, false)).toEqual([
      'devfee_pool_config',
      'fee_pools_configs.0',
      'fee_pools_configs.2',
    ]);
    values.refund_pool_config = { ...emptyPool('refund'), url: 'stratum+tcp://r.example:1' };
    expect(sentPoolPaths(values, true).at(-1)).toBe('refund_pool_config');
  });

  it('puts each message under its input', () => {
    const error = invalid(
      { loc: ['body', 'fee_pools_configs', 2, 'worker'], msg: 'Minimum 3 characters' },
      { loc: ['body', 'fee_pools_configs', 0, 'fee'], msg: 'Cannot be less than 1' },
      { loc: ['body', 'fee_pools_configs'], msg: 'Total fee cannot be more than 100' },
      { loc: ['body', 'release_id'], msg: 'Release is required' },
      { loc: ['body', 'install_type'], msg: 'No such combination' },
      { loc: ['body', 'options', 'min_fans'], msg: 'Must be a number' },
    );
    expect(serverFieldErrors(error, values, false)).toEqual({
      'fee_pools_configs.2.worker': 'Minimum 3 characters',
      'devfee_pool_config.fee': 'Cannot be less than 1',
      [POOLS_TOTAL_FIELD]: 'Total fee cannot be more than 100',
      release: 'Release is required',
      installType: 'No such combination',
      'options.min_fans': 'Must be a number',
    });
  });

  it('ignores what is no 422 or names no field of the form', () => {
    expect(serverFieldErrors({ status: 404, body: { detail: 'Not found' } }, values, false)).toBeUndefined();
    expect(serverFieldErrors(invalid({ loc: ['query', 'x'], msg: 'bad' }), values, false)).toBeUndefined();
  });
});
