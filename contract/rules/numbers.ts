// Spec §5 for numbers: 'Must be a number', 'Not a valid number', 'Must be a positive number', decimals, minimums.
import { validation } from '../messages';
import { isEmpty, parseNumber, type Rule } from './values';

/** 'Must be a number' for text that is no number at all. */
export const isNumber: Rule = (value) =>
  isEmpty(value) || parseNumber(value) !== undefined ? undefined : validation('must_be_number');

/** 'Not a valid number' for what is no number, or no finite one (NaN, Infinity). */
export const validNumber: Rule = (value) => {
  if (isEmpty(value)) return undefined;
  const n = parseNumber(value);
  return n === undefined || !Number.isFinite(n) ? validation('not_valid_number') : undefined;
};

export const positive: Rule = (value) => {
  const n = parseNumber(value);
  return n !== undefined && n <= 0 ? validation('positive') : undefined;
};

/** At most `max` decimals: the number itself, as it is sent (1.50 is 1.5). */
export const maxDecimals =
  (max: number): Rule =>
  (value) => {
    const n = parseNumber(value);
    if (n === undefined || !Number.isFinite(n)) return undefined;
    return Number(n.toFixed(max)) !== n ? validation('max_decimals', { max }) : undefined;
  };

export const minValue =
  (min: number): Rule =>
  (value) => {
    const n = parseNumber(value);
    return n !== undefined && n < min ? validation('cannot_be_less', { min }) : undefined;
  };
