// The rules of spec §5 are in contract/rules (each answers an i18n key under `app.validation`, which react-admin
// translates). This is what react-admin's forms add: validators that see the other values, and the usual lists.
import type { Message } from '../messages';
import { email, passwordLength } from './account';
import { required } from './text';
import { isEmpty, textOf } from './values';

export type ValidationMessage = Message;
export type Validator = (value: unknown, allValues?: unknown) => ValidationMessage | undefined;

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
    !isEmpty(value) && textOf(value) !== textOf((allValues as Record<string, unknown> | undefined)?.[other])
      ? 'app.validation.passwords_match'
      : undefined;

export const validateEmail: Validator[] = [required('email'), email()];
export const validatePassword: Validator[] = [required('password'), passwordLength];
