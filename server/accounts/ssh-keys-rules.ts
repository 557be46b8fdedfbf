import { englishOf, englishText } from '../../contract/english';
import { validation } from '../../contract/messages';
import { plainText } from '../../contract/rules/text';
import type { SshKeyUpdate } from '../../contract/schemas/ssh-key-schemas';
import { isUniqueViolation } from '../platform/db/db-errors';
import { ValidationFailedError } from '../platform/http/validation-errors';
import type { SshKeyValues } from './ssh-keys-repository';
import { parseSshPublicKey } from './ssh-public-key';

// Spec §5's messages.
export const MIN_LEN_MESSAGE = englishText(validation('min_len_1'));
export const NAME_DUPLICATED = englishText(validation('key_name_duplicated'));
export const KEY_DUPLICATED = englishText(validation('key_duplicated'));
export const INVALID_KEY =
  'Invalid SSH public key: expected an OpenSSH line such as "ssh-ed25519 AAAA… comment"';

type Issue = { loc: string[]; msg: string };

/** Trims the name, checks and normalises the key; throws a 422 naming every bad field. */
export function checkSshKey(body: SshKeyUpdate): Partial<SshKeyValues> {
  const issues: Issue[] = [];
  const values: Partial<SshKeyValues> = {};
  if (body.name !== undefined) {
    values.name = body.name.trim();
    // Issue 36: names and keys are written into the firmware (authorized_keys): one line of text each.
    const unsafe = englishOf(plainText(values.name));
    if (!values.name) issues.push({ loc: ['body', 'name'], msg: MIN_LEN_MESSAGE });
    else if (unsafe) issues.push({ loc: ['body', 'name'], msg: unsafe });
  }
  if (body.key !== undefined) {
    const parsed = body.key.trim() ? parseSshPublicKey(body.key) : undefined;
    const unsafe = englishOf(plainText(body.key.trim()));
    if (!body.key.trim()) issues.push({ loc: ['body', 'key'], msg: MIN_LEN_MESSAGE });
    else if (unsafe) issues.push({ loc: ['body', 'key'], msg: unsafe });
    else if (!parsed) issues.push({ loc: ['body', 'key'], msg: INVALID_KEY });
    else Object.assign(values, { key: parsed.normalised, fingerprint: parsed.fingerprint });
  }
  if (issues.length > 0) throw new ValidationFailedError(issues);
  return values;
}

/** The spec's duplicate messages for the clashes found, if any. */
export function clashError(clashes: { name: boolean; key: boolean }): ValidationFailedError | undefined {
  const issues: Issue[] = [];
  if (clashes.name) issues.push({ loc: ['body', 'name'], msg: NAME_DUPLICATED });
  if (clashes.key) issues.push({ loc: ['body', 'key'], msg: KEY_DUPLICATED });
  return issues.length > 0 ? new ValidationFailedError(issues) : undefined;
}

/** A concurrent write that slipped past the clash check hits the unique constraints: same messages. */
export function duplicateToValidation(error: unknown): unknown {
  const name = isUniqueViolation(error, 'ssh_keys_account_name_unique');
  const key = isUniqueViolation(error, 'ssh_keys_account_fingerprint_unique');
  return clashError({ name, key }) ?? error;
}
