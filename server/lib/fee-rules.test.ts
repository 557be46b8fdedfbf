import { describe, expect, it } from 'vitest';
import { feeIssues } from './fee-rules';

describe('feeIssues', () => {
  it('accepts 0 to 100 with two decimals and a total at least the dev fee', () => {
    expect(feeIssues({ min_dev_fee: 0, min_total_fee: 0 }, ['body'])).toEqual([]);
    expect(feeIssues({ min_dev_fee: 2.25, min_total_fee: 100 }, ['body'])).toEqual([]);
    expect(feeIssues({ min_dev_fee: 0.29, min_total_fee: 0.29 }, ['body'])).toEqual([]);
  });

  it('names the range, the decimals and the order with the spec messages', () => {
    expect(feeIssues({ min_dev_fee: -1, min_total_fee: 100.5 }, ['body'])).toEqual([
      { loc: ['body', 'min_dev_fee'], msg: 'Enter a value from 0 to 100' },
      { loc: ['body', 'min_total_fee'], msg: 'Enter a value from 0 to 100' },
    ]);
    expect(feeIssues({ min_dev_fee: 1.005 }, ['body', 'custom_dev_fee', 'x19'])).toEqual([
      { loc: ['body', 'custom_dev_fee', 'x19', 'min_dev_fee'], msg: 'Maximum 2 decimal places' },
    ]);
    expect(feeIssues({ min_dev_fee: 3, min_total_fee: 2 }, ['body'])).toEqual([
      { loc: ['body', 'min_total_fee'], msg: 'Cannot be less than 3' },
    ]);
  });

  it('checks a patch against the stored record', () => {
    const current = { min_dev_fee: 2, min_total_fee: 4 };
    expect(feeIssues({ min_total_fee: 3 }, ['body'], current)).toEqual([]);
    expect(feeIssues({ min_total_fee: 1.5 }, ['body'], current)[0].msg).toBe('Cannot be less than 2');
    expect(feeIssues({ min_dev_fee: 5 }, ['body'], current)).toEqual([
      { loc: ['body', 'min_dev_fee'], msg: 'Cannot be more than 4' },
    ]);
  });
});
