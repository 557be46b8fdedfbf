import { describe, expect, it } from 'vitest';
import { signUnsubscribeToken, verifyUnsubscribeToken } from '../../accounts/unsubscribe-token';
import { loadConfig } from '../../config';
import { DEFAULT_OUTBOX_OPTIONS, retryDelayMs } from './outbox';

describe('unsubscribe tokens', () => {
  const key = Buffer.from('k'.repeat(32));
  it('name the account they were signed for, and only with the same key', () => {
    const token = signUnsubscribeToken(key, 42);
    expect(verifyUnsubscribeToken(key, token)).toBe(42);
    expect(verifyUnsubscribeToken(Buffer.from('x'.repeat(32)), token)).toBeUndefined();
  });

  it('cannot be moved to another account or altered', () => {
    const [, mac] = signUnsubscribeToken(key, 42).split('.');
    expect(verifyUnsubscribeToken(key, `43.${mac}`)).toBeUndefined();
    expect(verifyUnsubscribeToken(key, `42.${mac.slice(0, -1)}A`)).toBeUndefined();
    for (const junk of ['', '42', '42.', '0.abc', '-1.abc', `42.${mac}.x`]) {
      expect(verifyUnsubscribeToken(key, junk)).toBeUndefined();
    }
  });
});

describe('the outbox back-off', () => {
  it('doubles from the base up to the maximum', () => {
    const options = { ...DEFAULT_OUTBOX_OPTIONS, retryBaseMs: 1000, retryMaxMs: 5000 };
    expect([1, 2, 3, 4, 5, 50].map((attempts) => retryDelayMs(attempts, options))).toEqual([
      1000, 2000, 4000, 5000, 5000, 5000,
    ]);
  });

  it('waits a minute before sending unless MAIL_DELAY_SECONDS says otherwise', () => {
    expect(DEFAULT_OUTBOX_OPTIONS.delayMs).toBe(60_000);
    expect(loadConfig({}).mailOutbox).toBeUndefined();
    expect(loadConfig({ MAIL_DELAY_SECONDS: '5' }).mailOutbox).toEqual({ delayMs: 5000 });
    expect(() => loadConfig({ MAIL_DELAY_SECONDS: '0' })).toThrow(/MAIL_DELAY_SECONDS/);
  });
});
