import { IsEmail } from 'typebox/format';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../contract/constants';

/** Spec §5 and §9: the rules and the exact messages for e-mails and passwords. */
export const PASSWORD_LENGTH_MESSAGE = 'Password length must be from 8 to 32 characters';
export const INVALID_EMAIL_MESSAGE = 'Invalid email';
export const CYRILLIC_MESSAGE = 'Cyrillic symbols are not allowed';
export const SAME_EMAIL_MESSAGE = 'email is the same';
export const EMAIL_TAKEN_MESSAGE = 'Email is already taken';
export const EMAIL_SENT_MESSAGE = 'The email was send. Please, check the spam directory also.';
export const INVALID_TOKEN_MESSAGE = 'Invalid or expired token';
export const EMAIL_MAX_LENGTH = 254;

const CYRILLIC = /\p{Script=Cyrillic}/u;

/** What is wrong with an e-mail address, if anything; Cyrillic is named before the format. */
export function emailIssue(email: string): string | undefined {
  if (CYRILLIC.test(email)) return CYRILLIC_MESSAGE;
  if (email.length > EMAIL_MAX_LENGTH || !IsEmail(email.trim())) return INVALID_EMAIL_MESSAGE;
  return undefined;
}

export function passwordIssue(password: string): string | undefined {
  const length = [...password].length;
  return length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH ? PASSWORD_LENGTH_MESSAGE : undefined;
}
