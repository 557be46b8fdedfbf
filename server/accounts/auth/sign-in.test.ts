import { beforeEach, describe, expect, it } from 'vitest';
import { signInAttempts } from '../../platform/db/schema';
import {
  createAccount,
  createTestApp,
  expectError,
  expectValidationError,
  request,
  signIn,
  TEST_PASSWORD,
} from '../../test/helper';
import { sharedWorld } from '../../test/shared-world';

const t = sharedWorld(createTestApp);

// Attempts are counted in the database, by address as well as by e-mail: every test starts with none, whatever
// ran before it (a shuffled run put the rate-limit tests first, and the address was still in its delay).
beforeEach(() => t.db.delete(signInAttempts));

const signInRequest = (body: unknown, app = t.app) =>
  request(app, { method: 'POST', url: '/api/auth/sign-in', body });

describe('POST /api/auth/sign-in', () => {
  it('answers a bearer token that opens the API', async () => {
    const { email } = await createAccount(t.db);
    const res = await signInRequest({ email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'bearer' });

    const info = await request(t.app, { url: '/api/client/account/info', token: body.access_token });
    expect(info.statusCode).toBe(200);
    expect(info.json().email).toBe(email);
  });

  it('matches the e-mail whatever its case', async () => {
    const { email } = await createAccount(t.db, { email: 'mixed.case@example.test' });
    const res = await signInRequest({ email: 'Mixed.Case@Example.TEST', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(email).toBe('mixed.case@example.test');
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    const { email } = await createAccount(t.db);
    expectError(
      await signInRequest({ email, password: 'wrong password' }),
      401,
      'Incorrect email or password',
    );
    expectError(
      await signInRequest({ email: 'nobody@example.test', password: TEST_PASSWORD }),
      401,
      'Incorrect email or password',
    );
  });

  it('refuses a blocked account with 403', async () => {
    const { email } = await createAccount(t.db, { blocked: true });
    expectError(await signInRequest({ email, password: TEST_PASSWORD }), 403, 'Account is blocked');
  });

  it('names missing fields', async () => {
    const res = await signInRequest({});
    expectValidationError(res, 'email');
    expectValidationError(res, 'password');
    expect(res.json().detail[0]).toEqual({
      loc: ['body', 'email'],
      msg: 'Field required',
      type: 'value_error',
    });
  });

  it('rejects an invalid e-mail and a wrongly typed password', async () => {
    expect(
      expectValidationError(await signInRequest({ email: 'not-an-email', password: 'x' }), 'email').msg,
    ).toBe('Invalid email');
    expectValidationError(await signInRequest({ email: 'a@example.test', password: 12345678 }), 'password');
  });

  it('rejects unknown fields instead of dropping them', async () => {
    const res = await signInRequest({ email: 'a@example.test', password: 'x', remember: true });
    expect(expectValidationError(res, 'remember').msg).toBe('Extra field not permitted');
  });

  it('rejects a body that is not an object', async () => {
    const res = await signInRequest(['a@example.test']);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body']);
  });
});

describe('sign-in rate limits', () => {
  it('throttles attempts per e-mail and address, and a success clears the count', async () => {
    const limited = await createTestApp({
      db: t.handle,
      signInLimits: {
        perEmailIp: { freeAttempts: 3, baseDelayMs: 60_000, maxDelayMs: 60_000, forgetMs: 60_000 },
        perIp: { freeAttempts: 100, baseDelayMs: 60_000, maxDelayMs: 60_000, forgetMs: 60_000 },
      },
    });
    try {
      const { email } = await createAccount(t.db);
      for (let i = 0; i < 2; i++)
        expect((await signInRequest({ email, password: 'bad' }, limited.app)).statusCode).toBe(401);
      await signIn(limited.app, email);
      for (let i = 0; i < 3; i++)
        expect((await signInRequest({ email, password: 'bad' }, limited.app)).statusCode).toBe(401);
      const blocked = await signInRequest({ email, password: TEST_PASSWORD }, limited.app);
      expectError(blocked, 429, 'Too many sign-in attempts, try again later');
      // Another e-mail from the same address is still allowed.
      const other = await createAccount(t.db);
      await signIn(limited.app, other.email);
    } finally {
      await limited.close();
    }
  });

  it('throttles attempts per address across e-mails', async () => {
    const limited = await createTestApp({
      db: t.handle,
      signInLimits: {
        perEmailIp: { freeAttempts: 100, baseDelayMs: 60_000, maxDelayMs: 60_000, forgetMs: 60_000 },
        perIp: { freeAttempts: 4, baseDelayMs: 60_000, maxDelayMs: 60_000, forgetMs: 60_000 },
      },
    });
    try {
      for (let i = 0; i < 4; i++) {
        const res = await signInRequest({ email: `probe${i}@example.test`, password: 'bad' }, limited.app);
        expect(res.statusCode).toBe(401);
      }
      const res = await signInRequest({ email: 'probe-last@example.test', password: 'bad' }, limited.app);
      expectError(res, 429);
    } finally {
      await limited.close();
    }
  });

  it('counts the attempts made on every instance that shares the database', async () => {
    const limits = {
      perEmailIp: { freeAttempts: 4, baseDelayMs: 60_000, maxDelayMs: 60_000, forgetMs: 60_000 },
      perIp: { freeAttempts: 100, baseDelayMs: 60_000, maxDelayMs: 60_000, forgetMs: 60_000 },
    };
    const one = await createTestApp({ db: t.handle, signInLimits: limits });
    const two = await createTestApp({ db: t.handle, signInLimits: limits });
    try {
      const { email } = await createAccount(t.db);
      for (const instance of [one, two, one, two])
        expect((await signInRequest({ email, password: 'bad' }, instance.app)).statusCode).toBe(401);
      expectError(await signInRequest({ email, password: TEST_PASSWORD }, one.app), 429);
      expectError(await signInRequest({ email, password: TEST_PASSWORD }, two.app), 429);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
