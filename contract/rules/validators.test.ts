import type { TranslationMessages } from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
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

describe('form validators (the rules are tested in contract/rules)', () => {
  it('e-mail and password lists: required first, then the rule', () => {
    expect(say(v.validateEmail[0](''))).toBe('Email is required');
    expect(say(v.validateEmail[1]('nope'))).toBe('Invalid email');
    expect(say(v.validatePassword[0](''))).toBe('Password is required');
    expect(say(v.validatePassword[1]('1234567'))).toBe('Password length must be from 8 to 32 characters');
  });

  it('a confirmation matches its field', () => {
    expect(say(v.matches('password')('secret-1', { password: 'secret-2' }))).toBe('Passwords do not match');
    expect(v.matches('password')('secret-1', { password: 'secret-1' })).toBeUndefined();
  });

  it('compose keeps the first message', () => {
    expect(say(v.compose(...v.validateEmail)(''))).toBe('Email is required');
    expect(say(v.compose(...v.validateEmail)('x'))).toBe('Invalid email');
  });
});
