import { describe, expect, it } from 'vitest';
import ru from '../../locales/ru.json';
import { englishOf as say } from '../english';
import { lookup } from '../messages';
import * as t from './text';

describe('text rules (spec §5 messages)', () => {
  it('required names the field', () => {
    expect(say(t.required('email')(''))).toBe('Email is required');
    expect(say(t.required('model_series')(null))).toBe('Model series is required');
    expect(say(t.required()([]))).toBe('Field is required');
    expect(say(t.required('pool')('  '))).toBe('Pool is required');
    expect(t.required('name')('x')).toBeUndefined();
  });

  it('every required field has a message in both languages', () => {
    for (const field of t.REQUIRED_FIELDS) {
      expect(say(t.required(field)(''))).toMatch(/required/);
      expect(lookup(ru, `app.validation.required.${field}`), field).toBeDefined();
    }
  });

  it('names and workers need 3 characters', () => {
    expect(say(t.minLength3('ab'))).toBe('Minimum 3 characters');
    expect(say(t.minLength3(' ab '))).toBe('Minimum 3 characters');
    expect(t.minLength3('abc')).toBeUndefined();
    expect(t.minLength3('')).toBeUndefined();
  });

  it('text patterns', () => {
    expect(say(t.maxLength10('12345678901'))).toBe('Maximum 10 characters');
    expect(say(t.url('not a url'))).toBe('Must be a valid url');
    expect(t.url('stratum+tcp://pool.example.com:3333')).toBeUndefined();
    expect(say(t.lettersAndDigits('a-b'))).toBe('Letters & digits only');
    expect(say(t.lettersDigitsDot('a_b'))).toBe('Only letters, numbers and dot');
    expect(t.lettersDigitsDot('a.b1')).toBeUndefined();
    expect(say(t.lettersDigitsUnderscore('a.b'))).toBe('Only letters, numbers and _');
    expect(t.lettersDigitsUnderscore('a_b1')).toBeUndefined();
    expect(say(t.latinAndDigits('абв'))).toBe('Must be A-z 0-9 only');
    expect(t.latinAndDigits('Abc09')).toBeUndefined();
    expect(t.keepLettersDigitsDot('Farm #1.a')).toBe('Farm1.a');
  });

  it('uuid pattern', () => {
    expect(t.uuid('123e4567-e89b-12d3-a456-426614174000')).toBeUndefined();
    expect(say(t.uuid('123e4567'))).toBe('Invalid uuid');
  });

  it('set name: required, at least 3 characters, letters, digits, spaces, _ - and .', () => {
    expect(say(t.setName(''))).toBe('Name is required');
    expect(say(t.setName('ab'))).toBe('Minimum 3 characters');
    expect(say(t.setName('Farm #1'))).toBe('Only letters, numbers, spaces and _ - .');
    expect(t.setName('Ферма_1 north-2.a')).toBeUndefined();
    expect(t.setName('North farm')).toBeUndefined();
  });
});
