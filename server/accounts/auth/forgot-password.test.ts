import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EMAIL_SENT_MESSAGE } from '../../accounts/account-rules';
import { accounts } from '../../platform/db/schema';
import {
  createAccount,
  createSignedIn,
  expectError,
  expectValidationError,
  request,
  signIn,
} from '../../test/helper';
import { tokenFromMail } from '../../test/mail-catcher';
import {
  anotherConsole,
  emailTokensOf,
  expireEmailTokens,
  mailedToken,
  setUpMailWorld,
  smtp,
  t,
} from '../../test/mail-world';

const APP_URL = 'http://console.test:8080';
const SENT = EMAIL_SENT_MESSAGE;

setUpMailWorld(APP_URL);

const forgot = (email: string, app = t.app) =>
  request(app, { method: 'POST', url: '/api/auth/forgot-password', body: { email } });
const reset = (token: string, password: string) =>
  request(t.app, { method: 'POST', url: '/api/auth/reset-password', body: { token, password } });
const signInStatus = async (email: string, password: string) =>
  (await request(t.app, { method: 'POST', url: '/api/auth/sign-in', body: { email, password } })).statusCode;

/** Asks for a reset link and reads its token out of the mail the SMTP server received. */
const resetToken = (email: string) => mailedToken(email, '/reset-password', () => forgot(email));

describe('forgot password → e-mail → reset password', () => {
  it('sends a link that sets a new password; the new one signs in, the old one no longer does', async () => {
    const { email, password, token: session } = await createSignedIn(t.app, t.db);
    const before = smtp.mails.length;
    const res = await forgot(email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: SENT });

    const mail = await smtp.waitFor(email, before);
    expect(mail.subject).toBe('Password reset');
    const token = tokenFromMail(mail, APP_URL, '/reset-password');

    const done = await reset(token, 'brand new pass 1');
    expect(done.statusCode, done.body).toBe(200);
    expect(await signInStatus(email, password)).toBe(401);
    expect(await signInStatus(email, 'brand new pass 1')).toBe(200);
    // Every session of the account ended.
    expectError(await request(t.app, { url: '/api/client/account/info', token: session }), 401);
  });

  it('stores only a hash of the token, for one hour', async () => {
    const { account, email } = await createAccount(t.db);
    const token = await resetToken(email);
    const [row] = await emailTokensOf(account.id);
    expect(row.purpose).toBe('reset_password');
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain(token);
    const ttl = row.expires_at.getTime() - row.created_at.getTime();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000 + 5_000);
  });

  it('writes in the account language', async () => {
    const { email } = await createAccount(t.db, { language: 'ru' });
    const before = smtp.mails.length;
    await forgot(email);
    const mail = await smtp.waitFor(email, before);
    expect(mail.subject).toBe('Сброс пароля');
    expect(mail.bodies.join('\n')).toContain('Задать новый пароль');
    tokenFromMail(mail, APP_URL, '/reset-password');
  });

  it('answers the same for an unknown, a blocked or a removed account, and sends nothing', async () => {
    const blocked = await createAccount(t.db, { blocked: true });
    const removed = await createAccount(t.db);
    await t.db.update(accounts).set({ is_removed: true }).where(eq(accounts.id, removed.account.id));
    for (const email of ['nobody@example.test', blocked.email, removed.email]) {
      const res = await forgot(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: SENT });
    }
    // A known account's mail sent afterwards arrives, and nothing went to the others before it.
    const { email } = await createAccount(t.db);
    await resetToken(email);
    for (const other of ['nobody@example.test', blocked.email, removed.email]) {
      expect(smtp.countTo(other)).toBe(0);
    }
  });

  it('refuses a malformed e-mail', async () => {
    expect(expectValidationError(await forgot('not-an-email'), 'email').msg).toBe('Invalid email');
  });

  it('is rate limited like sign-in', async () => {
    const limited = await anotherConsole({
      signInLimits: {
        perEmailIp: { freeAttempts: 2, baseDelayMs: 60_000, maxDelayMs: 60_000, forgetMs: 60_000 },
        perIp: { freeAttempts: 100, baseDelayMs: 60_000, maxDelayMs: 60_000, forgetMs: 60_000 },
      },
    });
    try {
      expect((await forgot('someone@example.test', limited.app)).statusCode).toBe(200);
      expect((await forgot('someone@example.test', limited.app)).statusCode).toBe(200);
      expectError(
        await forgot('someone@example.test', limited.app),
        429,
        'Too many requests, try again later',
      );
      expect((await forgot('other@example.test', limited.app)).statusCode).toBe(200);
    } finally {
      await limited.app.close();
    }
  });
});

describe('POST /api/auth/reset-password', () => {
  const INVALID = 'Invalid or expired token';

  it('works once', async () => {
    const { email } = await createAccount(t.db);
    const token = await resetToken(email);
    expect((await reset(token, 'first new pass')).statusCode).toBe(200);
    expectError(await reset(token, 'second new pass'), 400, INVALID);
    expect(await signInStatus(email, 'first new pass')).toBe(200);
  });

  it('refuses an expired token and writes nothing', async () => {
    const { account, email, password } = await createAccount(t.db);
    const token = await resetToken(email);
    await expireEmailTokens(account.id);
    expectError(await reset(token, 'too late pass'), 400, INVALID);
    expect(await signInStatus(email, password)).toBe(200);
  });

  it('refuses an unknown token and one meant for an e-mail change', async () => {
    expectError(await reset('made-up-token', 'whatever pass'), 400, INVALID);
    const { token: session } = await createSignedIn(t.app, t.db);
    const before = smtp.mails.length;
    await request(t.app, {
      method: 'POST',
      url: '/api/client/account/change-email',
      token: session,
      body: { email: 'changed-purpose@example.test' },
    });
    const mail = await smtp.waitFor('changed-purpose@example.test', before);
    expectError(
      await reset(tokenFromMail(mail, APP_URL, '/confirm-email-change'), 'whatever pass'),
      400,
      INVALID,
    );
  });

  it('keeps only the latest link working', async () => {
    const { email } = await createAccount(t.db);
    const first = await resetToken(email);
    const second = await resetToken(email);
    expectError(await reset(first, 'from the first'), 400, INVALID);
    expect((await reset(second, 'from the second')).statusCode).toBe(200);
  });

  it('checks the password length without spending the token', async () => {
    const { email, password } = await createAccount(t.db);
    const token = await resetToken(email);
    for (const bad of ['short', 'x'.repeat(33)]) {
      expect(expectValidationError(await reset(token, bad), 'password').msg).toBe(
        'Password length must be from 8 to 32 characters',
      );
    }
    expect(await signInStatus(email, password)).toBe(200);
    expect((await reset(token, 'long enough now')).statusCode).toBe(200);
    await signIn(t.app, email, 'long enough now');
  });
});
