// Issue 12, finding 1: sign-in throttling behind a proxy. The address that is counted is the one our proxy
// added (TRUST_PROXY=1: the right-most X-Forwarded-For entry), never one the client wrote; guesses at one
// account are limited whatever addresses they come from, with a short doubling delay and a 429 + Retry-After;
// every instance on the database counts the same attempts.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SignInLimits } from '../accounts/auth/attempt-limits';
import { takeBackoffAttempt } from '../accounts/sign-in-attempts-repository';
import type { App } from '../app';
import { loadConfig } from '../config';
import { signInAttempts } from '../platform/db/schema';
import { createAccount, createTestApp, expectError, request, TEST_PASSWORD } from '../test/helper';
import { sharedWorld } from '../test/shared-world';

const TOO_MANY = 'Too many sign-in attempts, try again later';

const t = sharedWorld(createTestApp);

// Each case starts with no attempts counted, whatever the others did.
beforeEach(() => t.db.delete(signInAttempts));

/** TRUST_PROXY=1 as an operator writes it, through the real parser. */
const oneHop = () => loadConfig({ TRUST_PROXY: '1' }).trustProxy;

/** A sign-in through nginx: the client wrote `claimed`, nginx appended the address it saw, `client`. */
const signInVia = (app: App, client: string, body: { email: string; password: string }, claimed?: string) =>
  request(app, {
    method: 'POST',
    url: '/api/auth/sign-in',
    body,
    headers: { 'x-forwarded-for': claimed ? `${claimed}, ${client}` : client },
  });

const retryAfter = (res: LightMyRequestResponse) => Number(res.headers['retry-after']);

async function limitedApp(limits: Partial<SignInLimits>) {
  return createTestApp({ db: t.handle, config: { trustProxy: oneHop() }, signInLimits: limits });
}

describe('TRUST_PROXY=1 behind nginx', () => {
  it('counts the address nginx added: rotating the left-most X-Forwarded-For gives no more guesses', async () => {
    const app = await limitedApp({
      perIp: { freeAttempts: 3, baseDelayMs: 60_000, maxDelayMs: 60_000, forgetMs: 60_000 },
    });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await signInVia(
          app.app,
          '203.0.113.7',
          { email: `probe${i}@example.test`, password: 'guess' },
          `198.51.100.${i}`,
        );
        expect(res.statusCode, res.body).toBe(401);
      }
      const refused = await signInVia(
        app.app,
        '203.0.113.7',
        { email: 'probe9@example.test', password: 'guess' },
        '198.51.100.99',
      );
      expectError(refused, 429, TOO_MANY);
      expect(retryAfter(refused)).toBeGreaterThanOrEqual(1);
      expect(retryAfter(refused)).toBeLessThanOrEqual(60);
      // Another client behind the same nginx still has its own allowance.
      const other = await signInVia(app.app, '203.0.113.8', {
        email: 'probe9@example.test',
        password: 'guess',
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('with the proxies listed, a client that reaches the server directly is counted by its own address', async () => {
    const seen = await createTestApp({
      db: t.handle,
      config: { trustProxy: loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5' }).trustProxy },
      extend: (app) => {
        app.get('/test/ip', async (req) => ({ ip: req.ip }));
      },
    });
    try {
      const ipOf = async (remoteAddress: string, xff: string) =>
        (
          await seen.app.inject({ url: '/test/ip', remoteAddress, headers: { 'x-forwarded-for': xff } })
        ).json<{ ip: string }>().ip;
      expect(await ipOf('10.1.2.3', '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
      expect(await ipOf('10.1.2.3', '198.51.100.1, 203.0.113.7, 192.168.1.5')).toBe('203.0.113.7');
      expect(await ipOf('192.0.2.9', '203.0.113.7')).toBe('192.0.2.9');
    } finally {
      await seen.close();
    }
  });
});

describe('per-account limit', () => {
  // The delay counts from the failed answer; 2 s leaves a swamped machine time to send the next request.
  const backoff = { freeAttempts: 3, baseDelayMs: 2000, maxDelayMs: 2000, forgetMs: 60_000 };

  it('applies across addresses, answers 429 with Retry-After, and lets the owner in after the delay', async () => {
    const app = await limitedApp({ perAccount: backoff });
    try {
      const { email } = await createAccount(t.db);
      for (let i = 0; i < 3; i++) {
        const res = await signInVia(app.app, `203.0.113.${10 + i}`, { email, password: 'wrong guess' });
        expect(res.statusCode, res.body).toBe(401);
      }
      // A fourth address, even with the right password, waits: the account is in its delay.
      const refused = await signInVia(app.app, '203.0.113.20', { email, password: TEST_PASSWORD });
      expectError(refused, 429, TOO_MANY);
      expect(retryAfter(refused)).toBeGreaterThanOrEqual(1);
      expect(retryAfter(refused)).toBeLessThanOrEqual(2);
      // An e-mail without an account is answered the same way: the limit tells nothing about who exists.
      for (let i = 0; i < 3; i++)
        await signInVia(app.app, `203.0.113.${30 + i}`, { email: 'nobody@example.test', password: 'x' });
      expectError(
        await signInVia(app.app, '203.0.113.40', { email: 'nobody@example.test', password: 'x' }),
        429,
        TOO_MANY,
      );

      // The owner, after the Retry-After, signs in; the success gives the account its free attempts back.
      await new Promise((resolve) => setTimeout(resolve, retryAfter(refused) * 1000 + 50));
      const owner = await signInVia(app.app, '203.0.113.50', { email, password: TEST_PASSWORD });
      expect(owner.statusCode, owner.body).toBe(200);
      for (let i = 0; i < 2; i++)
        expect((await signInVia(app.app, '203.0.113.60', { email, password: 'typo' })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('is counted in the database: two instances share the allowance and the delay', async () => {
    const one = await limitedApp({ perAccount: backoff });
    const two = await limitedApp({ perAccount: backoff });
    try {
      const { email } = await createAccount(t.db);
      for (const [instance, client] of [
        [one, '203.0.113.71'],
        [two, '203.0.113.72'],
        [one, '203.0.113.73'],
      ] as const)
        expect((await signInVia(instance.app, client, { email, password: 'wrong' })).statusCode).toBe(401);
      expectError(
        await signInVia(two.app, '203.0.113.74', { email, password: TEST_PASSWORD }),
        429,
        TOO_MANY,
      );
      expectError(
        await signInVia(one.app, '203.0.113.75', { email, password: TEST_PASSWORD }),
        429,
        TOO_MANY,
      );
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('doubles the delay after each further attempt, up to its cap', async () => {
    const rule = { freeAttempts: 2, baseDelayMs: 1000, maxDelayMs: 4000, forgetMs: 60_000 };
    const key = 'test:backoff';
    const row = async () => (await t.db.select().from(signInAttempts).where(eq(signInAttempts.key, key)))[0];
    const delays: (number | null)[] = [];
    for (let i = 0; i < 5; i++) {
      expect(await takeBackoffAttempt(t.db, key, rule)).toEqual({ taken: true });
      const { blocked_until, window_ends_at } = await row();
      // Both are now() plus an interval in one statement: their difference gives the delay exactly.
      delays.push(blocked_until && blocked_until.getTime() - window_ends_at.getTime() + rule.forgetMs);
      // While the delay runs, nothing is taken and the delay is not lengthened.
      if (blocked_until) {
        const refused = await takeBackoffAttempt(t.db, key, rule);
        expect(refused.taken).toBe(false);
        expect((await row()).blocked_until).toEqual(blocked_until);
      }
      // The wait is over (as if the delay had passed).
      await t.db
        .update(signInAttempts)
        .set({ blocked_until: new Date(Date.now() - 1000) })
        .where(eq(signInAttempts.key, key));
    }
    expect(delays).toEqual([null, 1000, 2000, 4000, 4000]);
  });
});

// Issue 43 §2.4: with TRUST_PROXY wrong, every client had the balancer's address, and 55 strangers' failed
// sign-ins kept the real admin out for 15 minutes. The per-address limits now slow, never lock: the owner who
// shares an address with guessers waits at most a minute (the production limits, not a test's).
describe("strangers failing from the owner's address", () => {
  it('make the owner wait at most a minute, not 15', async () => {
    const { defaultSignInLimits } = await import('../accounts/auth/attempt-limits');
    const app = await createTestApp({
      db: t.handle,
      // What a wrong TRUST_PROXY does: every request seems to come from the balancer.
      config: { trustProxy: false },
      signInLimits: { perIp: defaultSignInLimits.perIp, perEmailIp: defaultSignInLimits.perEmailIp },
    });
    try {
      const owner = await createAccount(t.db);
      const waits: number[] = [];
      for (let i = 0; i < 55; i++) {
        const res = await request(app.app, {
          method: 'POST',
          url: '/api/auth/sign-in',
          body: { email: `stranger${i}@example.test`, password: 'guess' },
        });
        expect([401, 429]).toContain(res.statusCode);
        if (res.statusCode === 429) waits.push(retryAfter(res));
      }
      // The address is slowed (each refusal says how briefly)…
      expect(waits.length).toBeGreaterThan(0);
      for (const wait of waits) expect(wait).toBeLessThanOrEqual(60);
      // …and its owner gets in, or is told to wait at most a minute.
      const owners = await request(app.app, {
        method: 'POST',
        url: '/api/auth/sign-in',
        body: { email: owner.email, password: TEST_PASSWORD },
      });
      if (owners.statusCode === 429) expect(retryAfter(owners)).toBeLessThanOrEqual(60);
      else expect(owners.statusCode, owners.body).toBe(200);
    } finally {
      await app.close();
    }
  });
});
