// Issue 12, finding 7: change-email told who has an account (409 for a taken address, 200 for a free one) and
// sent as many mails as it was asked to. Now a taken address is answered exactly like a free one (its owner
// gets a short note, no link), and the mails one account can cause are limited; so are reset mails per e-mail.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_SENT_MESSAGE } from '../accounts/account-rules';
import { mailOutbox, signInAttempts } from '../platform/db/schema';
import { createAccount, createSignedIn, expectError, request, type TestApp } from '../test/helper';
import { anotherConsole, emailTokensOf, setUpMailWorld, smtp, t } from '../test/mail-world';

const APP_URL = 'https://fw.example.test';
const SENT = EMAIL_SENT_MESSAGE;
const TOO_MANY_MAILS = 'Too many e-mails requested, try again later';

setUpMailWorld(APP_URL);

beforeEach(() => t.db.delete(signInAttempts));

const changeEmail = (app: TestApp, token: string, email: string) =>
  request(app.app, { method: 'POST', url: '/api/client/account/change-email', token, body: { email } });
const forgot = (app: TestApp, email: string, client: string) =>
  request(app.app, {
    method: 'POST',
    url: '/api/auth/forgot-password',
    body: { email },
    headers: { 'x-forwarded-for': client },
  });

/** What a caller can see of an answer: status, body, and the headers that are not per-request. */
const visible = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  body: res.json(),
  type: res.headers['content-type'],
});

describe('change-email does not tell whether an address is taken', () => {
  it('answers a taken address exactly as a free one; the owner of the taken one gets a note, no link', async () => {
    const { account, token } = await createSignedIn(t.app, t.db);
    const owner = await createAccount(t.db, { email: 'taken.owner@example.test', language: 'ru' });
    const before = smtp.mails.length;

    const free = await changeEmail(t, token, 'free.address@example.test');
    const taken = await changeEmail(t, token, 'Taken.Owner@Example.test');
    expect(visible(taken)).toEqual(visible(free));
    expect(visible(free)).toEqual({ status: 200, body: { detail: SENT }, type: expect.any(String) });

    // The free address gets its link; the taken one a note in its owner's language, with nothing to follow.
    await smtp.waitFor('free.address@example.test', before);
    const note = await smtp.waitFor(owner.email, before);
    expect(note.subject).toBe('Кто-то пытался использовать ваш адрес электронной почты');
    const text = note.bodies.join('\n');
    expect(text).not.toMatch(/https?:\/\//);
    expect(text).toContain('taken.owner@example.test');
    // No token was issued for the taken address, so nothing can move it.
    const tokens = await emailTokensOf(account.id);
    expect(tokens.map((row) => row.new_email)).toEqual(['free.address@example.test']);
  });

  it('writes the note in English to an English-speaking owner', async () => {
    const { token } = await createSignedIn(t.app, t.db);
    const owner = await createAccount(t.db, { language: 'en' });
    const before = smtp.mails.length;
    expect((await changeEmail(t, token, owner.email)).json()).toEqual({ detail: SENT });
    expect((await smtp.waitFor(owner.email, before)).subject).toBe(
      'Someone tried to use your e-mail address',
    );
  });
});

describe('mail limits', () => {
  const limits = { mailsPerAccount: { max: 3, windowMs: 60 * 60_000 } };

  it('change-email: an account causes at most `max` mails, free or taken, then 429 with Retry-After', async () => {
    const limited = await anotherConsole({ signInLimits: limits });
    try {
      const { token } = await createSignedIn(limited.app, t.db);
      const taken = await createAccount(t.db);
      const before = smtp.mails.length;
      for (const address of ['one@example.test', taken.email, 'three@example.test'])
        expect((await changeEmail(limited, token, address)).statusCode).toBe(200);
      await smtp.waitFor('three@example.test', before);

      for (const address of ['four@example.test', taken.email]) {
        const refused = await changeEmail(limited, token, address);
        expectError(refused, 429, TOO_MANY_MAILS);
        const wait = Number(refused.headers['retry-after']);
        expect(wait).toBeGreaterThan(60 * 60 - 60);
        expect(wait).toBeLessThanOrEqual(60 * 60);
      }
      // Another account has its own allowance.
      const other = await createSignedIn(limited.app, t.db);
      expect((await changeEmail(limited, other.token, 'five@example.test')).statusCode).toBe(200);
      await smtp.waitFor('five@example.test', before);
      // Counted by address: another test's mail may still be on its way to the shared server.
      const addresses = ['one', 'three', 'four', 'five'].map((n) => `${n}@example.test`);
      expect([...addresses, taken.email].map((address) => smtp.countTo(address, before))).toEqual([
        1, 1, 0, 1, 1,
      ]);
    } finally {
      await limited.close();
    }
  });

  it('forgot-password: at most `max` reset mails per e-mail from any address, alike for unknown e-mails', async () => {
    const limited = await anotherConsole({ config: { trustProxy: 1 }, signInLimits: limits });
    try {
      const { email } = await createAccount(t.db);
      const before = smtp.mails.length;
      const answers: Record<string, ReturnType<typeof visible>[]> = {};
      for (const target of [email, 'nobody.here@example.test']) {
        answers[target] = [];
        for (let i = 0; i < 4; i++)
          answers[target].push(visible(await forgot(limited, target, `203.0.113.${i}`)));
      }
      // Three answers of success, then a 429: the same for the account and for the e-mail nobody has.
      expect(answers[email]).toEqual(answers['nobody.here@example.test']);
      expect(answers[email].map((a) => a.status)).toEqual([200, 200, 200, 429]);
      expect(answers[email][3].body).toEqual({ detail: TOO_MANY_MAILS });
      expect(Number((await forgot(limited, email, '203.0.113.9')).headers['retry-after'])).toBeGreaterThan(0);
      // Three mails were queued, none for the refused requests (issue 43: every mail goes through the
      // outbox). Asked for in quick succession, the earlier ones may be dropped for the latest (only the
      // latest link works): at most three are sent, and at least the latest.
      const rows = () => t.db.select().from(mailOutbox).where(eq(mailOutbox.to_email, email));
      expect(await rows()).toHaveLength(3);
      while ((await rows()).some((row) => row.status === 'pending')) await limited.app.mailOutbox.drain();
      const sent = (await rows()).filter((row) => row.status === 'sent');
      expect(sent.map((row) => row.id)).toContain(Math.max(...(await rows()).map((row) => row.id)));
      expect(smtp.mails.slice(before).filter((m) => m.to.includes(email))).toHaveLength(sent.length);
    } finally {
      await limited.close();
    }
  });
});
