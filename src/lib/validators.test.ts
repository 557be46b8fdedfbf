import type { TranslationMessages } from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import * as v from './validators';

const missing = { onMissingKey: (key: string) => `MISSING ${key}` };
const polyglot = {
  t: polyglotI18nProvider(() => en as unknown as TranslationMessages, 'en', missing).translate,
};
/** What the user reads: the validator's key translated with the English messages. */
const say = (message: v.ValidationMessage | undefined) =>
  message === undefined
    ? undefined
    : typeof message === 'string'
      ? polyglot.t(message)
      : polyglot.t(message.message, message.args);

describe('validators (spec §5 messages)', () => {
  it('required names the field', () => {
    expect(say(v.required('email')(''))).toBe('Email is required');
    expect(say(v.required('model_series')(null))).toBe('Model series is required');
    expect(say(v.required()([]))).toBe('Field is required');
    expect(v.required('name')('x')).toBeUndefined();
  });

  it('every required field has a message in both languages', () => {
    const ruPolyglot = {
      t: polyglotI18nProvider(() => ru as unknown as TranslationMessages, 'ru', missing).translate,
    };
    for (const field of v.REQUIRED_FIELDS) {
      expect(say(v.required(field)(''))).not.toMatch(/MISSING/);
      expect(ruPolyglot.t(`app.validation.required.${field}`)).not.toMatch(/MISSING/);
    }
  });

  it('e-mail: format, correct-address variant, no Cyrillic, differs from current', () => {
    expect(say(v.email()('nope'))).toBe('Invalid email');
    expect(say(v.email('correct')('a@b..c'))).toBe('Please input correct email address');
    expect(v.email()('partner@localhost')).toBeUndefined();
    expect(say(v.email()('юзер@example.com'))).toBe('Cyrillic symbols are not allowed');
    expect(v.email()('user@example.com')).toBeUndefined();
    expect(v.email()('')).toBeUndefined();
    expect(say(v.emailDiffers('me@example.com')('Me@example.com'))).toBe('email is the same');
    expect(v.emailDiffers('me@example.com')('you@example.com')).toBeUndefined();
  });

  it('password length 8 to 32', () => {
    const message = 'Password length must be from 8 to 32 characters';
    expect(say(v.passwordLength('1234567'))).toBe(message);
    expect(say(v.passwordLength('x'.repeat(33)))).toBe(message);
    expect(v.passwordLength('12345678')).toBeUndefined();
    expect(v.passwordLength('x'.repeat(32))).toBeUndefined();
    expect(say(v.validatePassword[0](''))).toBe('Password is required');
  });

  it('names and workers need 3 characters', () => {
    expect(say(v.minLength3('ab'))).toBe('Minimum 3 characters');
    expect(v.minLength3('abc')).toBeUndefined();
  });

  it('numbers', () => {
    expect(say(v.isNumber('abc'))).toBe('Must be a number');
    expect(v.isNumber('1.5')).toBeUndefined();
    expect(say(v.validNumber(Number.NaN))).toBe('Not a valid number');
    expect(say(v.positive('-1'))).toBe('Must be a positive number');
    expect(say(v.positive(0))).toBe('Must be a positive number');
    expect(say(v.feeRange('101'))).toBe('Enter a value from 0 to 100');
    expect(say(v.feeRange(-0.5))).toBe('Enter a value from 0 to 100');
    expect(v.feeRange('100')).toBeUndefined();
    expect(say(v.maxDecimals(2)('1.234'))).toBe('Maximum 2 decimal places');
    expect(v.maxDecimals(2)('1.23')).toBeUndefined();
    expect(say(v.minValue(2)('1'))).toBe('Cannot be less than 2');
    expect(say(v.totalFee([60, '41']))).toBe('Total fee cannot be more than 100');
    expect(v.totalFee([60, '40'])).toBeUndefined();
  });

  it('text patterns', () => {
    expect(say(v.maxLength10('12345678901'))).toBe('Maximum 10 characters');
    expect(say(v.url('not a url'))).toBe('Must be a valid url');
    expect(v.url('stratum+tcp://pool.example.com:3333')).toBeUndefined();
    expect(say(v.lettersAndDigits('a-b'))).toBe('Letters & digits only');
    expect(say(v.lettersDigitsDot('a_b'))).toBe('Only letters, numbers and dot');
    expect(v.lettersDigitsDot('a.b1')).toBeUndefined();
    expect(say(v.lettersDigitsUnderscore('a.b'))).toBe('Only letters, numbers and _');
    expect(v.lettersDigitsUnderscore('a_b1')).toBeUndefined();
    expect(say(v.latinAndDigits('абв'))).toBe('Must be A-z 0-9 only');
    expect(v.latinAndDigits('Abc09')).toBeUndefined();
  });

  it('uuid pattern', () => {
    expect(v.uuid('123e4567-e89b-12d3-a456-426614174000')).toBeUndefined();
    expect(say(v.uuid('123e4567'))).toBe('Invalid uuid');
  });

  it('logos come in pairs', () => {
    expect(say(v.bothLogos('light.png', undefined))).toBe('Please upload both logotypes');
    expect(v.bothLogos('light.png', 'dark.png')).toBeUndefined();
    expect(v.bothLogos(undefined, undefined)).toBeUndefined();
  });

  it('ssh keys: non-empty, unique names and keys', () => {
    const errors = v.sshKeyErrors([
      { name: 'laptop', key: 'ssh-ed25519 AAA' },
      { name: 'laptop', key: 'ssh-ed25519 BBB' },
      { name: '', key: 'ssh-ed25519 BBB' },
    ]);
    expect(errors.map((e) => [say(e.name), say(e.key)])).toEqual([
      ['key name is duplicated', undefined],
      ['key name is duplicated', 'key is duplicated'],
      ['min len 1', 'key is duplicated'],
    ]);
  });

  it('release with no changes', () => {
    expect(say(v.releaseChanged(false))).toBe('no changes made, nothing to submit');
    expect(v.releaseChanged(true)).toBeUndefined();
  });

  it('compose keeps the first message', () => {
    expect(say(v.compose(...v.validateEmail)(''))).toBe('Email is required');
    expect(say(v.compose(...v.validateEmail)('x'))).toBe('Invalid email');
  });
});
