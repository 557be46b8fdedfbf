import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EMAIL_SENT_MESSAGE } from '../../accounts/account-rules';
import { accounts, emailTokens } from '../../platform/db/schema';
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
  emailTokensOf,
  expireEmailTokens,
  mailedToken,
  setUpMailWorld,
  smtp,
  t,
} from '../../test/mail-world';

const APP_URL = 'https://fw.example.test';
const SENT = EMAIL_SENT_MESSAGE;
const INVALID = 'Invalid or expired token';

setUpMailWorld(APP_URL);

const changeEmail = (token: string | undefined, email: unknown) =>
  request(t.app, { method: 'POST', url: '/api/client/account/change-email', token, body: { email } });
const confirm = (token: string) =>
  request(t.app, { method: 'POST', url: '/api/client/account/confirm-change-email', body: { token } });

const confirmationToken = (session: string, email: string) =>
  mailedToken(email, '/confirm-email-change', async () => {
    const res = await changeEmail(session, email);
    expect(res.json()).toEqual({ detail: SENT });
    return res;
  });

const emailOf = async (id: number) =>
  (await t.db.select().from(accounts).where(eq(accounts.id, id)))[0].email;

describe('change e-mail → confirm', () => {
  it('mails the new address; the link applies the change and the new e-mail signs in', async () => {
    const { account, email: oldEmail, token: session } = await createSignedIn(t.app, t.db);
    const before = smtp.mails.length;
    const res = await changeEmail(session, 'Fresh.Address@Example.test');
    expect(res.json()).toEqual({ detail: SENT });
    const mail = await smtp.waitFor('fresh.address@example.test', before);
    expect(mail.subject).toBe('Confirm your new e-mail');
    expect(smtp.countTo(oldEmail)).toBe(0);
    // Nothing changes before the link is followed.
    expect(await emailOf(account.id)).toBe(oldEmail);

    const done = await confirm(tokenFromMail(mail, APP_URL, '/confirm-email-change'));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ email: 'fresh.address@example.test' });
    await signIn(t.app, 'fresh.address@example.test');
    expect(
      (
        await request(t.app, {
          method: 'POST',
          url: '/api/auth/sign-in',
          body: { email: oldEmail, password: 'correct horse 42' },
        })
      ).statusCode,
    ).toBe(401);
    // The session goes on: an e-mail change does not sign anyone out.
    expect((await request(t.app, { url: '/api/client/account/info', token: session })).json().email).toBe(
      'fresh.address@example.test',
    );
  });

  it('tells the old address once the change is applied, in the account language (issue 37)', async () => {
    for (const [language, subject, line] of [
      ['en', 'The e-mail of your account was changed', 'was changed from'],
      ['ru', 'Адрес электронной почты вашей учётной записи изменён', 'изменён с'],
    ] as const) {
      const { email: oldEmail, token: session } = await createSignedIn(t.app, t.db, { language });
      const newEmail = `moved-away-${language}@example.test`;
      const token = await confirmationToken(session, newEmail);
      // Asking is not changing: the old address hears nothing yet.
      expect(smtp.countTo(oldEmail)).toBe(0);
      const before = smtp.mails.length;
      expect((await confirm(token)).statusCode).toBe(200);
      const notice = await smtp.waitFor(oldEmail, before);
      expect(notice.subject).toBe(subject);
      const text = notice.bodies.join('\n');
      expect(text).toContain(`${line} ${oldEmail}`);
      expect(text).toContain(newEmail);
      // An alarm, not a link to follow.
      expect(text).not.toMatch(/https?:\/\//);
      // Once: another pass of the outbox sends the old address nothing more.
      await t.app.mailOutbox.drain();
      expect(smtp.countTo(oldEmail)).toBe(1);
    }
  });

  it('writes in the account language', async () => {
    const { token: session } = await createSignedIn(t.app, t.db, { language: 'ru' });
    const before = smtp.mails.length;
    await changeEmail(session, 'russian-reader@example.test');
    const mail = await smtp.waitFor('russian-reader@example.test', before);
    expect(mail.subject).toBe('Подтвердите новый адрес электронной почты');
    expect(mail.bodies.join('\n')).toContain('russian-reader@example.test — новый адрес');
  });

  it('works once, and for 24 hours', async () => {
    const { account, token: session } = await createSignedIn(t.app, t.db);
    const token = await confirmationToken(session, 'once@example.test');
    const [row] = await emailTokensOf(account.id);
    const ttl = row.expires_at.getTime() - row.created_at.getTime();
    expect(ttl).toBeGreaterThan(23.9 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000 + 5_000);
    expect((await confirm(token)).statusCode).toBe(200);
    expectError(await confirm(token), 400, INVALID);

    const late = await confirmationToken(session, 'late@example.test');
    await expireEmailTokens(account.id);
    expectError(await confirm(late), 400, INVALID);
    expect(await emailOf(account.id)).toBe('once@example.test');
  });

  it('refuses an unknown token', async () => {
    expectError(await confirm('no-such-token'), 400, INVALID);
    expect(expectValidationError(await confirm(''), 'token').type).toBe('value_error');
  });

  it('answers 409 when the address was taken meanwhile, and keeps the token', async () => {
    const { account, email, token: session } = await createSignedIn(t.app, t.db);
    const token = await confirmationToken(session, 'contested@example.test');
    const rival = await createAccount(t.db, { email: 'contested@example.test' });
    expectError(await confirm(token), 409, 'Email is already taken');
    expect(await emailOf(account.id)).toBe(email);
    // Once the rival is gone the same link still works.
    await t.db.delete(accounts).where(eq(accounts.id, rival.account.id));
    expect((await confirm(token)).json()).toEqual({ email: 'contested@example.test' });
  });
});

describe('POST /api/client/account/change-email validation', () => {
  it('names every rule with the spec message and sends nothing', async () => {
    const { email, token: session } = await createSignedIn(t.app, t.db);
    // The earlier tests' notices to old addresses leave the outbox on their own time: sent before counting.
    await t.app.mailOutbox.drain();
    const before = smtp.mails.length;
    const msg = async (value: unknown) =>
      expectValidationError(await changeEmail(session, value), 'email').msg;
    expect(await msg('not-an-email')).toBe('Invalid email');
    expect(await msg('')).toBe('Invalid email');
    expect(await msg('почта@example.test')).toBe('Cyrillic symbols are not allowed');
    expect(await msg(email.toUpperCase())).toBe('email is the same');
    expect(await msg(42)).toBe('Must be a string');
    const tokens = await t.db.select().from(emailTokens);
    expect(tokens.filter((row) => row.new_email === email)).toHaveLength(0);
    // Nothing queued either: a pass of the outbox sends nothing more.
    await t.app.mailOutbox.drain();
    expect(smtp.mails.length).toBe(before);
  });

  it('requires authentication', async () => {
    expectError(await changeEmail(undefined, 'x@example.test'), 401);
  });
});
