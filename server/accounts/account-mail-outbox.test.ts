// Issue 43 §3: the account's mails go through the mail outbox. With SMTP down the request is still accepted
// and its mail waits in the outbox; once SMTP is back it is delivered, once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../platform/db/schema';
import { MAIL_FAILURES_METRIC } from '../platform/mail/mail-metrics';
import { createAccount, createSignedIn, createTestApp, request, type TestApp } from '../test/helper';
import { MailCatcher, tokenFromMail } from '../test/mail-catcher';
import { drainUntil, freePort, MANUAL } from '../test/release-mail-world';

const APP_URL = 'http://console.test';

let t: TestApp;
let port: number;
/** The SMTP server, started by each test when it comes back and closed at the test's end (each starts down). */
let smtp: MailCatcher | undefined;

beforeAll(async () => {
  port = await freePort();
  // No sender polls by itself: the tests drain, so nothing depends on timing.
  t = await createTestApp({
    config: { smtpUrl: `smtp://127.0.0.1:${port}`, appUrl: APP_URL, mailOutbox: MANUAL },
  });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const rowsTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to_email, email));

/**
 * Drains while SMTP is down until every row to `email` that is not dropped (superseded by a later one of its
 * kind) failed at least once and waits for a retry. Whether an earlier reset is dropped before or after its own
 * first try depends on when a drain ran between the requests: PostgreSQL dropped them first, PGlite tried first.
 */
async function failedOnce(email: string) {
  const waiting = (rows: Awaited<ReturnType<typeof rowsTo>>) =>
    rows.filter((row) => row.status !== 'dropped');
  await drainUntil(t, async () => {
    const rows = waiting(await rowsTo(email));
    return rows.length > 0 && rows.every((row) => row.status === 'pending' && row.attempts >= 1);
  });
  const rows = waiting(await rowsTo(email));
  for (const row of rows) expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
  return rows;
}

/** SMTP comes back on its address; drains until nothing to `email` is pending. */
async function smtpBack(email: string) {
  smtp = await new MailCatcher().start(port);
  await drainUntil(t, async () => (await rowsTo(email)).every((row) => row.status !== 'pending'));
  // One more pass sends nothing again.
  await t.app.mailOutbox.drain();
  return smtp;
}

describe('account mails while SMTP is down (issue 43 §3)', () => {
  it('accepts a reset, keeps its mail and delivers it once when SMTP is back', async () => {
    const { email } = await createAccount(t.db);
    const res = await request(t.app, { method: 'POST', url: '/api/auth/forgot-password', body: { email } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ detail: 'The email was sent. Please check your spam folder too.' });

    const [pending] = await failedOnce(email);
    expect(pending).toMatchObject({ kind: 'reset_password', status: 'pending' });
    const metrics = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(metrics.body).toMatch(
      new RegExp(`^${MAIL_FAILURES_METRIC}\\{kind="reset_password",outcome="retry"\\} [1-9]`, 'm'),
    );

    const back = await smtpBack(email);
    const mails = back.mails.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Password reset');
    // The link works: its token was made when the mail went out.
    const token = tokenFromMail(mails[0], APP_URL, '/reset-password');
    const reset = await request(t.app, {
      method: 'POST',
      url: '/api/auth/reset-password',
      body: { token, password: 'after the outage' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await rowsTo(email)).map((row) => row.status)).toEqual(['sent']);
    await back.close();
    smtp = undefined;
  });

  it('sends one reset, the latest, for several asked for during the outage', async () => {
    const { email } = await createAccount(t.db);
    for (let i = 0; i < 3; i += 1) {
      const res = await request(t.app, { method: 'POST', url: '/api/auth/forgot-password', body: { email } });
      expect(res.statusCode, res.body).toBe(200);
    }
    await failedOnce(email);
    const back = await smtpBack(email);
    expect(back.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
    expect((await rowsTo(email)).map((row) => row.status).sort()).toEqual(['dropped', 'dropped', 'sent']);
    await back.close();
    smtp = undefined;
  });

  it('accepts an e-mail change and delivers its link once when SMTP is back', async () => {
    const { token: session } = await createSignedIn(t.app, t.db);
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/client/account/change-email',
      token: session,
      body: { email: 'during-the-outage@example.test' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [pending] = await failedOnce('during-the-outage@example.test');
    expect(pending.kind).toBe('change_email');

    const back = await smtpBack('during-the-outage@example.test');
    const mails = back.mails.filter((m) => m.to.includes('during-the-outage@example.test'));
    expect(mails).toHaveLength(1);
    const token = tokenFromMail(mails[0], APP_URL, '/confirm-email-change');
    const confirmed = await request(t.app, {
      method: 'POST',
      url: '/api/client/account/confirm-change-email',
      body: { token },
    });
    expect(confirmed.json()).toEqual({ email: 'during-the-outage@example.test' });
    await back.close();
    smtp = undefined;
  });
});
