import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '../../../contract/schemas/api-token-schemas';

/** How many of the token's characters its owner sees again in the list (the prefix and four more). */
const HINT_LENGTH = API_TOKEN_PREFIX.length + 4;

/**
 * The stored form of an API token: its SHA-256, hex. A plain, unsalted hash is enough here, unlike a
 * password's (argon2, passwords.ts): the token is 32 random bytes (256 bits) the server made, not something a
 * person chose, so no dictionary or table of guesses exists to try against a stolen hash, and brute force over
 * 2^256 is out of reach. It also lets a request's token be found by one indexed lookup of its hash, with no
 * per-token salt to try one by one.
 */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new token: its text (shown once), the hash kept, and the hint the list shows. */
export function newApiToken(): { token: string; hash: string; hint: string } {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashApiToken(token), hint: token.slice(0, HINT_LENGTH) };
}

export { isApiToken } from '../../../contract/schemas/api-token-schemas';
