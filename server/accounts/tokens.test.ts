import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenVerifier, secretKey, signAccessToken } from './tokens';

const key = secretKey('a-test-secret-of-enough-length-0123456789');
const claims = { accountId: 7, tokenVersion: 3 };

describe('the token verifier that remembers verified tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a token it has verified again, with the same claims and expiry', async () => {
    const verify = createTokenVerifier(key);
    const token = await signAccessToken(key, claims, 60);
    const first = await verify(token);
    expect(first).toMatchObject({ ok: true, claims });
    expect(await verify(token)).toEqual(first);
  });

  it('still says "expired" once the remembered token’s time is up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T00:00:00Z'));
    const verify = createTokenVerifier(key);
    const token = await signAccessToken(key, claims, 60);
    expect((await verify(token)).ok).toBe(true);
    vi.setSystemTime(new Date('2026-11-24T00:01:00Z'));
    expect(await verify(token)).toEqual({ ok: false, reason: 'expired' });
    expect(await verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token changed in one character, and one signed with another key, after a good one was seen', async () => {
    const verify = createTokenVerifier(key);
    const token = await signAccessToken(key, claims, 60);
    await verify(token);
    const [head, payload, signature] = token.split('.');
    const flipped = `${head}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verify(flipped)).toEqual({ ok: false, reason: 'invalid' });
    const forged = await signAccessToken(secretKey('another-secret-of-enough-length-987654321'), claims, 60);
    expect(await verify(forged)).toEqual({ ok: false, reason: 'invalid' });
  });
});
