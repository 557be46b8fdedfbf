import { describe, expect, it } from 'vitest';
import { feeMinimums } from './fees';

describe('fee minimums', () => {
  const records = [{ series: 'x19', min_dev_fee: 1, min_total_fee: 3, user_id: 2 }];

  it('are the partner’s record for the series', () => {
    expect(feeMinimums(records, 'x19')).toEqual({ min_dev_fee: 1, min_total_fee: 3 });
  });

  it('are the default DevFee (2) for a series without a record', () => {
    expect(feeMinimums(records, 'l9')).toEqual({ min_dev_fee: 2, min_total_fee: 2 });
    expect(feeMinimums([], 'x19')).toEqual({ min_dev_fee: 2, min_total_fee: 2 });
    expect(feeMinimums(undefined, 'x19')).toEqual({ min_dev_fee: 2, min_total_fee: 2 });
  });

  it('do not hold admins', () => {
    expect(feeMinimums(records, 'x19', true)).toBeUndefined();
  });
});
