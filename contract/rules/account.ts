// Spec §5 for accounts: e-mail, password, a partner's worker (alias), the logo pair and the SSH keys.
import { IsEmail } from 'typebox/format';
import { LOGO_SETS_MAX, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { type Message, validation } from '../messages';
import { lettersDigitsUnderscore, minLength3, plainText, required } from './text';
import { firstIssue, isEmpty, type Rule, textOf } from './values';

/** The longest address SMTP carries (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;
/** Spec §5: no Cyrillic letters in an address; the OpenAPI document writes it as the field's pattern. */
export const NO_CYRILLIC = /^\P{Script=Cyrillic}*$/u;

export const noCyrillic: Rule = (value) =>
  NO_CYRILLIC.test(textOf(value)) ? undefined : validation('cyrillic');

/**
 * An e-mail address (a single-label domain is allowed: admin@localhost); Cyrillic is named before the format.
 * `variant: 'correct'` says 'Please input correct email address'.
 */
export const email =
  (variant: 'invalid' | 'correct' = 'invalid'): Rule =>
  (value) => {
    if (isEmpty(value)) return undefined;
    const text = textOf(value);
    if (!NO_CYRILLIC.test(text)) return validation('cyrillic');
    if (text.length > EMAIL_MAX_LENGTH || !IsEmail(text.trim()))
      return validation(variant === 'correct' ? 'email_correct' : 'invalid_email');
    return undefined;
  };

/** For an e-mail change: the new address must differ from the current one. */
export const emailDiffers =
  (current: string | undefined): Rule =>
  (value) =>
    !isEmpty(value) && current && textOf(value).trim().toLowerCase() === current.toLowerCase()
      ? validation('email_same')
      : undefined;

/** 8 to 32 characters, counted as the user sees them (spaces count: they are characters of a password). */
export const passwordLength: Rule = (value) => {
  const length = [...textOf(value)].length;
  if (length === 0) return undefined;
  return length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH
    ? validation('password_length')
    : undefined;
};

/** A partner's worker (alias): at least 3 letters, digits and _. */
export const partnerWorker: Rule = (value) =>
  firstIssue(value, required('worker'), minLength3, lettersDigitsUnderscore);

/** A changed logo needs both the light-theme and the dark-theme image. */
export const bothLogos = (light: unknown, dark: unknown): Message | undefined =>
  Boolean(light) !== Boolean(dark) ? validation('logos_both') : undefined;

export interface SshKeyDraft {
  name: string;
  key: string;
}

/**
 * Per-key messages for a list of SSH keys: non-empty names and keys, one line of text each (they go into
 * the firmware's authorized_keys, issue 36), unique names, unique keys.
 */
export function sshKeyErrors(keys: readonly SshKeyDraft[]): { name?: string; key?: string }[] {
  const count = (values: string[], v: string) => values.filter((x) => x === v).length;
  const names = keys.map((k) => k.name.trim());
  const texts = keys.map((k) => k.key.trim());
  return keys.map((_, i) => ({
    name: !names[i]
      ? validation('min_len_1')
      : count(names, names[i]) > 1
        ? validation('key_name_duplicated')
        : (plainText(names[i]) as string | undefined),
    key: !texts[i]
      ? validation('min_len_1')
      : count(texts, texts[i]) > 1
        ? validation('key_duplicated')
        : (plainText(texts[i]) as string | undefined),
  }));
}

/**
 * Issue 36: another logo set is refused once the account keeps LOGO_SETS_MAX; the server counts removed sets
 * whose files a build still needs too, the console the ones it lists.
 */
export const logoSetsAllowance = (kept: number): Message | undefined =>
  kept >= LOGO_SETS_MAX ? validation('logo_sets_max', { max: LOGO_SETS_MAX }) : undefined;
