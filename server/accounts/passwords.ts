import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { type PasswordHashCost, passwordHashCost } from '../config';

let configuredCost: PasswordHashCost | undefined;

/**
 * argon2id, p=1, at the configured cost (production: 19 MiB, t=2, OWASP's baseline; see passwordHashCost),
 * read from the environment once per process. `cost` is for the tests of hashing itself.
 */
export function hashPassword(password: string, cost?: PasswordHashCost): Promise<string> {
  configuredCost ??= passwordHashCost();
  return hash(password, cost ?? configuredCost);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown e-mail) it still spends the time of one
 * verification, so response times do not reveal which e-mails have accounts.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/** A password for accounts created at start-up, printed once; 20 characters fit the 8-32 rule. */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}

/** The password of an account created at start-up: given (the environment) or generated, hashed at once. */
export interface StartPassword {
  plain: string;
  generated: boolean;
  hash: Promise<string>;
}

/**
 * Chooses and starts hashing a start-up password, so that a fresh start can hash while it does other things
 * (the process entry calls it before the server's modules load).
 */
export function startPassword(given: string | undefined): StartPassword {
  const plain = given ?? generatePassword();
  const hash = hashPassword(plain);
  hash.catch(() => undefined);
  return { plain, generated: given === undefined, hash };
}
