// Validation rules (spec §5) as react-admin validators. Each returns an i18n key under `app.validation`
// (react-admin translates it) whose English text is the spec's message, or undefined when the value is valid.
import {
  FEE_MAX,
  FEE_MIN,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  TOTAL_FEE_MAX,
} from '../../contract/constants';

export type ValidationMessage = string | { message: string; args: Record<string, unknown> };
export type Validator = (value: unknown, allValues?: unknown) => ValidationMessage | undefined;

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

const K = 'app.validation';
const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

// A pragmatic e-mail shape: something@domain, no spaces. A single-label domain is allowed: the first admin and
// the demo partner are admin@localhost and partner@localhost.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*$/;
const CYRILLIC = /[\u0400-\u04FF]/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export const required =
  (field: RequiredField = 'field'): Validator =>
  (value) =>
    isEmpty(value) ? `${K}.required.${field}` : undefined;

/** E-mail format and no Cyrillic; `variant: 'correct'` gives 'Please input correct email address'. */
export const email =
  (variant: 'invalid' | 'correct' = 'invalid'): Validator =>
  (value) => {
    if (isEmpty(value)) return undefined;
    const v = text(value).trim();
    if (CYRILLIC.test(v)) return `${K}.cyrillic`;
    if (!EMAIL.test(v)) return variant === 'correct' ? `${K}.email_correct` : `${K}.invalid_email`;
    return undefined;
  };

/** For an e-mail change: the new address must differ from the current one. */
export const emailDiffers =
  (current: string | undefined): Validator =>
  (value) =>
    !isEmpty(value) && current && text(value).trim().toLowerCase() === current.toLowerCase()
      ? `${K}.email_same`
      : undefined;

export const noCyrillic: Validator = (value) => (CYRILLIC.test(text(value)) ? `${K}.cyrillic` : undefined);

export const passwordLength: Validator = (value) => {
  if (isEmpty(value)) return undefined;
  const length = text(value).length;
  return length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH ? `${K}.password_length` : undefined;
};

/** Name and worker: at least 3 characters. */
export const minLength3: Validator = (value) =>
  !isEmpty(value) && text(value).trim().length < NAME_MIN_LENGTH
    ? { message: `${K}.min_length`, args: { min: NAME_MIN_LENGTH } }
    : undefined;

export const maxLength10: Validator = (value) => (text(value).length > 10 ? `${K}.max_length_10` : undefined);

const parse = (value: unknown): number | undefined => {
  if (typeof value === 'number') return value;
  const v = text(value).trim();
  return NUMBER.test(v) ? Number(v) : undefined;
};

/** 'Must be a number' for text that is no number at all. */
export const isNumber: Validator = (value) =>
  isEmpty(value) || parse(value) !== undefined ? undefined : `${K}.must_be_number`;

/** 'Not a valid number' for numbers that are not finite (NaN, Infinity). */
export const validNumber: Validator = (value) => {
  if (isEmpty(value)) return undefined;
  const n = parse(value);
  return n === undefined || !Number.isFinite(n) ? `${K}.not_valid_number` : undefined;
};

export const positive: Validator = (value) => {
  const n = parse(value);
  return n !== undefined && n <= 0 ? `${K}.positive` : undefined;
};

/** Fee: 0 to 100. */
export const feeRange: Validator = (value) => {
  const n = parse(value);
  return n !== undefined && (n < FEE_MIN || n > FEE_MAX) ? `${K}.fee_range` : undefined;
};

export const maxDecimals =
  (max: number): Validator =>
  (value) => {
    const v = text(value).trim();
    if (parse(v) === undefined) return undefined;
    const decimals = v.includes('.') ? v.split('.')[1].replace(/[eE].*$/, '').length : 0;
    return decimals > max ? { message: `${K}.max_decimals`, args: { max } } : undefined;
  };

export const minValue =
  (min: number): Validator =>
  (value) => {
    const n = parse(value);
    return n !== undefined && n < min ? { message: `${K}.cannot_be_less`, args: { min } } : undefined;
  };

/** The sum of fee percents may not pass 100. */
export const totalFee = (fees: readonly unknown[]): ValidationMessage | undefined => {
  const sum = fees.reduce<number>((acc, fee) => acc + (parse(fee) ?? 0), 0);
  return sum > TOTAL_FEE_MAX ? `${K}.total_fee` : undefined;
};

export const url: Validator = (value) => {
  if (isEmpty(value)) return undefined;
  try {
    const parsed = new URL(text(value).trim());
    return parsed.host ? undefined : `${K}.url`;
  } catch {
    return `${K}.url`;
  }
};

const pattern =
  (re: RegExp, key: string): Validator =>
  (value) =>
    isEmpty(value) || re.test(text(value)) ? undefined : `${K}.${key}`;

export const lettersAndDigits = pattern(/^[\p{L}\d]+$/u, 'letters_digits');
export const lettersDigitsDot = pattern(/^[\p{L}\d.]+$/u, 'letters_digits_dot');
export const lettersDigitsUnderscore = pattern(/^[\p{L}\d_]+$/u, 'letters_digits_underscore');
export const latinAndDigits = pattern(/^[A-Za-z0-9]+$/, 'latin_digits');
export const uuid = pattern(UUID, 'uuid');

/** A changed logo needs both the light-theme and the dark-theme image. */
export const bothLogos = (light: unknown, dark: unknown): ValidationMessage | undefined =>
  Boolean(light) !== Boolean(dark) ? `${K}.logos_both` : undefined;

export interface SshKeyDraft {
  name: string;
  key: string;
}

/** Per-key messages for the SSH keys form: non-empty name and key, unique names, unique keys. */
export function sshKeyErrors(keys: readonly SshKeyDraft[]): { name?: string; key?: string }[] {
  const count = (values: string[], v: string) => values.filter((x) => x === v).length;
  const names = keys.map((k) => k.name.trim());
  const texts = keys.map((k) => k.key.trim());
  return keys.map((_, i) => ({
    name: !names[i] ? `${K}.min_len_1` : count(names, names[i]) > 1 ? `${K}.key_name_duplicated` : undefined,
    key: !texts[i] ? `${K}.min_len_1` : count(texts, texts[i]) > 1 ? `${K}.key_duplicated` : undefined,
  }));
}

/** A release edit with no change in it. */
export const releaseChanged = (changed: boolean): ValidationMessage | undefined =>
  changed ? undefined : `${K}.no_changes`;

/** Runs validators in order and keeps the first message. */
export const compose =
  (...validators: Validator[]): Validator =>
  (value, allValues) => {
    for (const validate of validators) {
      const message = validate(value, allValues);
      if (message) return message;
    }
    return undefined;
  };

/** A confirmation field: must equal the field `other` of the form ('Passwords do not match'). */
export const matches =
  (other: string): Validator =>
  (value, allValues) =>
    !isEmpty(value) && text(value) !== text((allValues as Record<string, unknown> | undefined)?.[other])
      ? `${K}.passwords_match`
      : undefined;

export const validateEmail = [required('email'), email()];
export const validatePassword = [required('password'), passwordLength];
