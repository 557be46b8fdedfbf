import { describe, expect, it } from 'vitest';
import { DEFAULT_DEVFEE } from '../constants';
import { englishOf as say } from '../english';
import { defaultDevFee, fee, feeMinimums, feeRecordIssues, sumFees, totalFeeIssue } from './fees';

const english = (issues: ReturnType<typeof feeRecordIssues>) =>
  issues.map(({ field, message }) => ({ field, msg: say(message) }));

describe('fees (spec §5: 0 to 100, two decimals)', () => {
  it('a fee is a number from 0 to 100 with at most two decimals', () => {
    for (const ok of [0, 100, 2.25, 0.29, '1.5']) expect(fee(ok), String(ok)).toBeUndefined();
    expect(say(fee('abc'))).toBe('Not a valid number');
    expect(say(fee(Number.POSITIVE_INFINITY))).toBe('Not a valid number');
    expect(say(fee(100.01))).toBe('Enter a value from 0 to 100');
    expect(say(fee(-0.5))).toBe('Enter a value from 0 to 100');
    expect(say(fee('101'))).toBe('Enter a value from 0 to 100');
    expect(say(fee(1.005))).toBe('Maximum 2 decimal places');
    expect(say(fee('2.555'))).toBe('Maximum 2 decimal places');
  });

  it('adds fees to two decimals; the total is at most 100 and not below the minimum', () => {
    expect(sumFees([33.33, 33.33, 33.34])).toBe(100);
    expect(totalFeeIssue(sumFees([33.33, 33.33, 33.34]))).toBeUndefined();
    expect(say(totalFeeIssue(sumFees([33.33, 33.33, 33.35])))).toBe('Total fee cannot be more than 100');
    expect(say(totalFeeIssue(sumFees([60, 41])))).toBe('Total fee cannot be more than 100');
    expect(say(totalFeeIssue(2, 3))).toBe('Cannot be less than 3');
    expect(totalFeeIssue(3, 3)).toBeUndefined();
  });
});

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

describe('a partner’s fee record', () => {
  it('accepts 0 to 100 with two decimals and a total at least the dev fee', () => {
    expect(feeRecordIssues({ min_dev_fee: 0, min_total_fee: 0 })).toEqual([]);
    expect(feeRecordIssues({ min_dev_fee: 2.25, min_total_fee: 100 })).toEqual([]);
    expect(feeRecordIssues({ min_dev_fee: 0.29, min_total_fee: 0.29 })).toEqual([]);
  });

  it('names the range, the decimals and the order with the spec messages', () => {
    expect(english(feeRecordIssues({ min_dev_fee: -1, min_total_fee: 100.5 }))).toEqual([
      { field: 'min_dev_fee', msg: 'Enter a value from 0 to 100' },
      { field: 'min_total_fee', msg: 'Enter a value from 0 to 100' },
    ]);
    expect(english(feeRecordIssues({ min_dev_fee: 1.005 }))).toEqual([
      { field: 'min_dev_fee', msg: 'Maximum 2 decimal places' },
    ]);
    expect(english(feeRecordIssues({ min_dev_fee: 3, min_total_fee: 2 }))).toEqual([
      { field: 'min_total_fee', msg: 'Cannot be less than 3' },
    ]);
  });

  it('checks a change against the stored record', () => {
    const current = { min_dev_fee: 2, min_total_fee: 4 };
    expect(feeRecordIssues({ min_total_fee: 3 }, current)).toEqual([]);
    expect(english(feeRecordIssues({ min_total_fee: 1.5 }, current))).toEqual([
      { field: 'min_total_fee', msg: 'Cannot be less than 2' },
    ]);
    expect(english(feeRecordIssues({ min_dev_fee: 5 }, current))).toEqual([
      { field: 'min_dev_fee', msg: 'Cannot be more than 4' },
    ]);
  });
});

describe('the default DevFee of a new build', () => {
  const records = [
    { series: 'x21', min_dev_fee: 2.5, min_total_fee: 4 },
    { series: 'x19', min_dev_fee: 1, min_total_fee: 3 },
  ];
  it('is the owner’s minimum DevFee when higher than the default, else the default', () => {
    expect(defaultDevFee(records, 'x21')).toBe(2.5);
    expect(defaultDevFee(records, 'x19')).toBe(DEFAULT_DEVFEE);
    expect(defaultDevFee(records, 'l7')).toBe(DEFAULT_DEVFEE);
    expect(defaultDevFee(records, 'x21', true)).toBe(DEFAULT_DEVFEE);
  });
});
