import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, signInAttempts } from '../../platform/db/schema';
import {
  createSignedIn,
  createTestApp,
  expectBodyIssues,
  expectError,
  request,
  signIn,
  TEST_PASSWORD,
} from '../../test/helper';
import { sharedWorld } from '../../test/shared-world';
import { TOO_MANY_SIGN_INS } from '../auth/attempt-limits';

const t = sharedWorld(createTestApp);

const change = (token: string | undefined, body: unknown) =>
  request(t.app, { method: 'POST', url: '/api/client/account/change-password', token, body });
const info = (token: string) => request(t.app, { url: '/api/client/account/info', token });

describe('POST /api/client/account/change-password', () => {
  it('answers a fresh token for this session and ends every other one', async () => {
    const { email, token: here } = await createSignedIn(t.app, t.db);
    const elsewhere = await signIn(t.app, email);
    const res = await change(here, { old_password: TEST_PASSWORD, new_password: 'new secret 123' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'bearer' });

    expect((await info(body.access_token)).statusCode).toBe(200);
    expectError(await info(here), 401);
    expectError(await info(elsewhere), 401);
    await signIn(t.app, email, 'new secret 123');
    expect(
      (
        await request(t.app, {
          method: 'POST',
          url: '/api/auth/sign-in',
          body: { email, password: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses a wrong current password and a bad new one, together, and writes nothing', async () => {
    const { account, token } = await createSignedIn(t.app, t.db);
    const [before] = await t.db.select().from(accounts).where(eq(accounts.id, account.id));
    const res = await change(token, { old_password: 'not my password', new_password: 'short' });
    expectBodyIssues(res, [
      ['old_password', 'Current password is incorrect'],
      ['new_password', 'Password length must be from 8 to 32 characters'],
    ]);
    const long = await change(token, { old_password: TEST_PASSWORD, new_password: 'x'.repeat(33) });
    expectBodyIssues(long, [['new_password', 'Password length must be from 8 to 32 characters']]);
    const empty = await change(token, { old_password: '', new_password: 'long enough 1' });
    expect(empty.json().detail[0]).toMatchObject({
      loc: ['body', 'old_password'],
      msg: 'Password is required',
    });
    const [after] = await t.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect([after.password_hash, after.token_version]).toEqual([before.password_hash, before.token_version]);
    expect((await info(token)).statusCode).toBe(200);
  });

  // Issue 15, item 12: a new password equal to the current one was accepted (and ended every other session).
  it('refuses a new password equal to the current one, and writes nothing', async () => {
    const { account, token } = await createSignedIn(t.app, t.db);
    const [before] = await t.db.select().from(accounts).where(eq(accounts.id, account.id));
    const res = await change(token, { old_password: TEST_PASSWORD, new_password: TEST_PASSWORD });
    expectBodyIssues(res, [['new_password', 'The new password must differ from the current one']]);
    const [after] = await t.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(after.token_version).toBe(before.token_version);
  });

  it('names missing fields and requires authentication', async () => {
    const { token } = await createSignedIn(t.app, t.db);
    const res = await change(token, {});
    expect(res.json().detail.map((issue: { loc: string[] }) => issue.loc.at(-1))).toEqual([
      'old_password',
      'new_password',
    ]);
    expectError(await change(undefined, { old_password: 'a', new_password: 'b' }), 401);
  });
});

// Issue 36, finding 6.6: a session holder guessing the current password here got unlimited guesses. The
// guesses share sign-in's per-account back-off (the same count, the same 429), whichever door they come by.
describe('change-password guesses', () => {
  const backoff = { freeAttempts: 3, baseDelayMs: 60_000, maxDelayMs: 60_000, forgetMs: 60 * 60_000 };
  const limited = sharedWorld(() => createTestApp({ db: t.handle, signInLimits: { perAccount: backoff } }));
  const changeOn = (token: string, body: unknown) =>
    request(limited.app, { method: 'POST', url: '/api/client/account/change-password', token, body });
  const delayIsOver = (email: string) =>
    t.db
      .update(signInAttempts)
      .set({ blocked_until: new Date(Date.now() - 1000) })
      .where(eq(signInAttempts.key, `sign-in:account:${email}`));

  it('are throttled like sign-in: after the free attempts even the right password waits', async () => {
    const { email, token } = await createSignedIn(limited.app, t.db);
    for (let i = 0; i < 3; i++) {
      const res = await changeOn(token, { old_password: `guess ${i}`, new_password: 'new secret 123' });
      expectBodyIssues(res, [['old_password', 'Current password is incorrect']]);
    }
    const right = { old_password: TEST_PASSWORD, new_password: 'new secret 123' };
    const refused = await changeOn(token, right);
    expectError(refused, 429, TOO_MANY_SIGN_INS);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The same count as sign-in: the account's sign-in waits too.
    const signInNow = await request(limited.app, {
      method: 'POST',
      url: '/api/auth/sign-in',
      body: { email, password: TEST_PASSWORD },
    });
    expectError(signInNow, 429, TOO_MANY_SIGN_INS);

    await delayIsOver(email);
    const res = await changeOn(token, right);
    expect(res.statusCode, res.body).toBe(200);
  });
});
