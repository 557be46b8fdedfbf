import { createHmac, timingSafeEqual } from 'node:crypto';

/** What the key of unsubscribe links is derived for (see the auth plugin's purposeKey). */
export const UNSUBSCRIBE_PURPOSE = 'release-mail-unsubscribe';

const mac = (key: Buffer, accountId: number) =>
  createHmac('sha256', key).update(`unsubscribe:${accountId}`).digest().subarray(0, 24);

/**
 * A one-click unsubscribe token: `<account id>.<HMAC>`, signed with a key only the server holds, so it works
 * signed out and cannot be made for another account. It does not expire: an old e-mail's link still works.
 */
export function signUnsubscribeToken(key: Buffer, accountId: number): string {
  return `${accountId}.${mac(key, accountId).toString('base64url')}`;
}

/** The account id a token was signed for, or undefined for anything else. */
export function verifyUnsubscribeToken(key: Buffer, token: string): number | undefined {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return undefined;
  const accountId = Number(match[1]);
  if (!Number.isSafeInteger(accountId)) return undefined;
  const given = Buffer.from(match[2], 'base64url');
  const expected = mac(key, accountId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? accountId : undefined;
}
