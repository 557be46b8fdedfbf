// Spec §5 for text: required fields, lengths and the character rules.

import { NAME_MIN_LENGTH } from '../constants';
import { type Message, validation } from '../messages';
import { transliterate } from '../transliterate';
import { firstIssue, isEmpty, type Rule, textOf } from './values';

/** The things spec §5 names as required; each has its own message `app.validation.required.<field>`. */
export const REQUIRED_FIELDS = [
  'field',
  'email',
  'password',
  'name',
  'worker',
  'login',
  'account',
  'model',
  'model_series',
  'pool',
  'release',
  'stage',
  'version',
  'user',
  'tags',
  'fee',
] as const;
export type RequiredField = (typeof REQUIRED_FIELDS)[number];

export const required =
  (field: RequiredField = 'field'): Rule =>
  (value) =>
    isEmpty(value) ? validation(`required.${field}`) : undefined;

/** Names and workers: at least 3 characters (as the user counts them), spaces around left out. */
export const minLength3: Rule = (value) =>
  !isEmpty(value) && [...textOf(value).trim()].length < NAME_MIN_LENGTH
    ? validation('min_length', { min: NAME_MIN_LENGTH })
    : undefined;

/** Spec §5 'Maximum 10 characters' (a series' name). */
export const MAX_LENGTH_10 = 10;
export const maxLength10: Rule = (value) =>
  textOf(value).length > MAX_LENGTH_10 ? validation('max_length_10') : undefined;

/** Any absolute url with a host. */
export const url: Rule = (value) => {
  if (isEmpty(value)) return undefined;
  try {
    return new URL(textOf(value).trim()).host ? undefined : validation('url');
  } catch {
    return validation('url');
  }
};

const pattern =
  (re: RegExp, message: Message): Rule =>
  (value) =>
    isEmpty(value) || re.test(textOf(value)) ? undefined : message;

export const lettersAndDigits = pattern(/^[\p{L}\d]+$/u, validation('letters_digits'));
/** The character rules the OpenAPI document writes as `pattern`s too (issue 38). */
export const LETTERS_DIGITS_DOT = /^[\p{L}\d.]+$/u;
export const LATIN_DIGITS_DOT = /^[A-Za-z0-9.]+$/;
export const SET_NAME_CHARS = /^[\p{L}\d _.-]+$/u;

export const lettersDigitsDot = pattern(LETTERS_DIGITS_DOT, validation('letters_digits_dot'));
export const LETTERS_DIGITS_UNDERSCORE = /^[\p{L}\d_]+$/u;
export const lettersDigitsUnderscore = pattern(
  LETTERS_DIGITS_UNDERSCORE,
  validation('letters_digits_underscore'),
);
/** Pool workers (issue 37): pools take ASCII only. */
export const latinDigitsDot = pattern(LATIN_DIGITS_DOT, validation('latin_digits_dot'));
export const LATIN_AND_DIGITS = /^[A-Za-z0-9]+$/;
export const latinAndDigits = pattern(LATIN_AND_DIGITS, validation('latin_digits'));

/** The text with everything but letters, digits and dots left out ('Farm #1.a' → 'Farm1.a'). */
export const keepLettersDigitsDot = (text: string): string => text.replace(/[^\p{L}\d.]/gu, '');

/** An ASCII worker from any text (issue 37): Cyrillic transliterated, then only Latin letters, digits, dots. */
export const asciiWorkerOf = (text: string): string => transliterate(text).replace(/[^A-Za-z0-9.]/g, '');

/** Spec §5: the standard uuid pattern (8-4-4-4-12 hexadecimal digits). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uuid = pattern(UUID_PATTERN, validation('uuid'));

/** A set's name: letters, digits, spaces, _ - and . */
export const setNameChars: Rule = (value) =>
  isEmpty(value) || SET_NAME_CHARS.test(textOf(value).trim())
    ? undefined
    : 'resources.firmwares.validation.set_name';

/** A set's name: required, at least 3 characters, letters, digits, spaces, _ - and . only. */
export const setName: Rule = (value) => firstIssue(value, required('name'), minLength3, setNameChars);

/**
 * Issue 36: characters no text written into a firmware file may hold: control characters (Unicode Cc: C0,
 * DEL, C1 with U+0085 NEXT LINE), the line and paragraph separators (Zl, Zp: U+2028, U+2029), which line
 * readers of config files take as line breaks, and the bidirectional controls, which make a file read one
 * way and show another. The agent's template renderer refuses them too (agent/builders/template.ts).
 */
export const UNSAFE_TEXT = /[\p{Cc}\p{Zl}\p{Zp}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** Text a partner gives that ends up in a firmware file (a pool's alias, an SSH key's name and comment). */
export const plainText: Rule = (value) =>
  typeof value === 'string' && UNSAFE_TEXT.test(value) ? validation('plain_text') : undefined;
