import { describe, expect, it } from 'vitest';
import { englishOf as say } from '../english';
import * as n from './numbers';

describe('number rules (spec §5 messages)', () => {
  it('tells no number from a number that is not valid', () => {
    expect(say(n.isNumber('abc'))).toBe('Must be a number');
    expect(n.isNumber('1.5')).toBeUndefined();
    expect(say(n.validNumber(Number.NaN))).toBe('Not a valid number');
    expect(say(n.validNumber('abc'))).toBe('Not a valid number');
    expect(n.validNumber('')).toBeUndefined();
  });

  it('positive, minimum and decimals', () => {
    expect(say(n.positive('-1'))).toBe('Must be a positive number');
    expect(say(n.positive(0))).toBe('Must be a positive number');
    expect(say(n.maxDecimals(2)('1.234'))).toBe('Maximum 2 decimal places');
    expect(say(n.maxDecimals(2)(1.005))).toBe('Maximum 2 decimal places');
    expect(n.maxDecimals(2)('1.23')).toBeUndefined();
    expect(n.maxDecimals(2)(0.29)).toBeUndefined();
    expect(say(n.minValue(2)('1'))).toBe('Cannot be less than 2');
    expect(n.minValue(2)(2)).toBeUndefined();
  });
});
