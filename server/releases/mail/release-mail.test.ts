import { createServer } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAccountById, updateAccountPreferences } from '../../accounts/accounts-repository';
import { accounts, mailOutbox } from '../../platform/db/schema';
import { claimDueMails, DEFAULT_OUTBOX_OPTIONS, type OutboxOptions } from '../../platform/mail/outbox';
import {
  createAccount,
  createSignedIn,
  createTestApp,
  request,
  type TestAccount,
  type TestApp,
} from '../../test/helper';
import { type CaughtMail, MailCatcher } from '../../test/mail-catcher';
import { createReleaseSources, demoTags, type ReleaseSources } from '../../test/release-sources';

const APP_URL = 'http://console.test';
// Workers that never look by themselves: the tests drain them, so nothing depends on timing.
const MANUAL = { pollMs: 3_600_000, retryBaseMs: 5, retryMaxMs: 20 };

let catcher: MailCatcher;
let sources: ReleaseSources;
/** The console as deployed: e-mails wait the real minute, so its worker sends nothing during a test. */
let t: TestApp;
/** A second instance on the same database whose worker sends at once: it plays "a minute later". */
let later: TestApp;
let admin: { token: string };

const appOn = (smtpUrl: string, outbox: Partial<OutboxOptions>) =>
  createTestApp({ db: t.handle, config: { smtpUrl, appUrl: APP_URL, mailOutbox: { ...MANUAL, ...outbox } } });

beforeAll(async () => {
  catcher = await new MailCatcher().start();
  t = await createTestApp({
    config: { smtpUrl: catcher.url, appUrl: APP_URL, mailOutbox: { ...MANUAL, delayMs: 60_000 } },
    logger: process.env.DEBUG_LOG ? { level: 'error' } : false,
  });
  sources = await createReleaseSources(t.db);
  later = await appOn(catcher.url, { delayMs: 0 });
  admin = await createSignedIn(t.app, t.db, { role: 'admin' });
});

afterAll(async () => {
  await later?.close();
  await t?.close();
  await catcher?.close();
  await sources?.cleanup();
});

type Role = 'user' | 'tester' | 'developer' | 'admin';

async function subscriber(
  role: Role = 'user',
  options: { language?: 'en' | 'ru'; optIn?: boolean; blocked?: boolean; removed?: boolean } = {},
): Promise<TestAccount> {
  const created = await createAccount(t.db, { role, language: options.language, blocked: options.blocked });
  await updateAccountPreferences(t.db, created.account.id, { send_email: options.optIn ?? true });
  if (options.removed)
    await t.db.update(accounts).set({ is_removed: true }).where(eq(accounts.id, created.account.id));
  return created;
}

let n = 0;
async function publish(
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; version: string; base: string }> {
  n += 1;
  const base = `7.${n}.${Date.now() % 1000}`;
  // Issue 17: the pre-release part of a version names its stage.
  const stage = overrides.stage ?? 'stable';
  const version = stage === 'stable' ? base : `${base}-${stage}.1`;
  const res = await request(t.app, {
    method: 'POST',
    url: '/api/admin/releases',
    token: admin.token,
    body: {
      series: 'x21',
      version,
      stage: 'stable',
      is_draft: false,
      is_public: true,
      tags: demoTags('x21'),
      descriptions: [
        { language: 'en', description: `Faster autotuning in ${version}.` },
        { language: 'ru', description: `Быстрее автотюнинг в ${version}.` },
      ],
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json<{ id: number }>().id, version, base };
}

const mailsAbout = (who: TestAccount, version: string): CaughtMail[] =>
  catcher.mails.filter((m) => m.to.includes(who.email.toLowerCase()) && m.subject.includes(version));

const textOf = (mail: CaughtMail) => mail.bodies.join('\n');

async function outboxOf(releaseIds: number[]) {
  return t.db.select().from(mailOutbox).where(inArray(mailOutbox.release_id, releaseIds));
}

describe('release e-mails (issue 15)', () => {
  it('tells every opted-in account that may see a published release, once, in its language', async () => {
    const en = await subscriber('user', { language: 'en' });
    const ru = await subscriber('user', { language: 'ru' });
    const tester = await subscriber('tester');
    const notOptedIn = await subscriber('user', { optIn: false });
    const blocked = await subscriber('user', { blocked: true });
    const removed = await subscriber('user', { removed: true });

    const { id, version } = await publish();
    // Within the minute nothing goes out.
    expect(await t.app.mailOutbox.drain()).toBe(0);
    expect(catcher.mails.filter((m) => m.subject.includes(version))).toEqual([]);

    await later.app.mailOutbox.drain();
    for (const who of [en, ru, tester]) expect(mailsAbout(who, version)).toHaveLength(1);
    for (const who of [notOptedIn, blocked, removed]) expect(mailsAbout(who, version)).toHaveLength(0);

    const [enMail] = mailsAbout(en, version);
    expect(enMail.subject).toBe(`New release: x21 ${version} (stable)`);
    expect(textOf(enMail)).toContain('Series: x21');
    expect(textOf(enMail)).toContain(`Version: ${version}`);
    expect(textOf(enMail)).toContain('Stage: stable');
    expect(textOf(enMail)).toContain(`Faster autotuning in ${version}.`);
    expect(textOf(enMail)).toContain(`Open the console: ${APP_URL}/releases`);
    expect(textOf(enMail)).not.toContain('Быстрее');

    const [ruMail] = mailsAbout(ru, version);
    expect(ruMail.subject).toBe(`Новый релиз: x21 ${version} (stable)`);
    expect(textOf(ruMail)).toContain('Серия: x21');
    expect(textOf(ruMail)).toContain(`Быстрее автотюнинг в ${version}.`);
    expect(textOf(ruMail)).not.toContain('Faster');

    // A second pass sends nothing again.
    await later.app.mailOutbox.drain();
    for (const who of [en, ru, tester]) expect(mailsAbout(who, version)).toHaveLength(1);
    expect((await outboxOf([id])).every((row) => row.status === 'sent')).toBe(true);
  });

  it('unsubscribes in one click, signed out, with the link of the mail', async () => {
    const who = await subscriber('user', { language: 'ru' });
    const { version } = await publish();
    await later.app.mailOutbox.drain();
    const [mail] = mailsAbout(who, version);
    const link = new RegExp(`${APP_URL}/unsubscribe\\?token=([A-Za-z0-9._%-]+)`).exec(textOf(mail));
    expect(link, textOf(mail)).not.toBeNull();
    const token = decodeURIComponent(link?.[1] ?? '');
    // RFC 8058 one-click headers carry the same token, for mail clients' own unsubscribe button.
    const headers = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const oneClick = /^List-Unsubscribe: <([^>]+)>/m.exec(headers)?.[1] ?? '';
    expect(oneClick).toBe(`${APP_URL}/api/mail/unsubscribe?token=${encodeURIComponent(token)}`);

    // Opening the one-click address leads to the console's page and changes nothing by itself.
    const opened = await t.app.inject({ method: 'GET', url: oneClick.slice(APP_URL.length) });
    expect(opened.statusCode, opened.body).toBe(303);
    expect(opened.headers.location).toBe(`${APP_URL}/unsubscribe?token=${encodeURIComponent(token)}`);
    expect((await findAccountById(t.db, who.account.id))?.send_email).toBe(true);

    // A forged or altered token changes nothing.
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/mail/unsubscribe?token=${encodeURIComponent(`${who.account.id}.${'A'.repeat(32)}`)}`,
    });
    expect(forged.statusCode, forged.body).toBe(400);
    expect((await findAccountById(t.db, who.account.id))?.send_email).toBe(true);

    // Signed out, no XSRF cookie, a form body as RFC 8058 mail clients send it.
    const res = await t.app.inject({
      method: 'POST',
      url: oneClick.slice(APP_URL.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await findAccountById(t.db, who.account.id))?.send_email).toBe(false);

    const next = await publish();
    await later.app.mailOutbox.drain();
    expect(mailsAbout(who, next.version)).toHaveLength(0);
  });

  it('tells those to whom a stage change makes it visible, and nobody twice', async () => {
    const user = await subscriber('user');
    const tester = await subscriber('tester');
    const developer = await subscriber('developer');
    const { id, version, base } = await publish({ stage: 'beta' });
    await later.app.mailOutbox.drain();
    expect(mailsAbout(tester, version)).toHaveLength(1);
    expect(mailsAbout(developer, version)).toHaveLength(1);
    expect(mailsAbout(user, version)).toHaveLength(0);

    const res = await request(t.app, {
      method: 'PATCH',
      url: `/api/admin/releases/${id}`,
      token: admin.token,
      body: { stage: 'stable', version: base },
    });
    expect(res.statusCode, res.body).toBe(200);
    await later.app.mailOutbox.drain();
    expect(mailsAbout(user, base)).toHaveLength(1);
    expect(mailsAbout(user, base)[0].subject).toContain('(stable)');
    expect(mailsAbout(tester, base)).toHaveLength(1);
    expect(mailsAbout(developer, base)).toHaveLength(1);
  });

  it('tells nobody of a draft until it is published', async () => {
    const user = await subscriber('user');
    const { id, version } = await publish({ is_draft: true });
    await later.app.mailOutbox.drain();
    expect(mailsAbout(user, version)).toHaveLength(0);
    const res = await request(t.app, {
      method: 'PATCH',
      url: `/api/admin/releases/${id}`,
      token: admin.token,
      body: { is_draft: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    await later.app.mailOutbox.drain();
    expect(mailsAbout(user, version)).toHaveLength(1);
  });

  it('sends nothing for a release published and removed within the minute', async () => {
    const user = await subscriber('user');
    const { id, version } = await publish();
    expect(await t.app.mailOutbox.drain()).toBe(0);
    const res = await request(t.app, {
      method: 'DELETE',
      url: `/api/admin/releases/${id}`,
      token: admin.token,
    });
    expect(res.statusCode, res.body).toBe(204);

    await later.app.mailOutbox.drain();
    expect(mailsAbout(user, version)).toHaveLength(0);
    const rows = await outboxOf([id]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.status === 'dropped')).toBe(true);
  });

  it('loses nothing during an SMTP outage and delivers exactly once after it', async () => {
    const port = await freePort();
    const down = await appOn(`smtp://127.0.0.1:${port}`, { delayMs: 0 });
    const revived = new MailCatcher();
    try {
      const who = await subscriber('user');
      const { id, version } = await publish();
      await down.app.mailOutbox.drain();
      const [failed] = (await outboxOf([id])).filter((row) => row.account_id === who.account.id);
      expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
      expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);

      // The server comes back on its address; the worker retries after its back-off.
      await revived.start(port);
      await drainUntil(down, async () =>
        (await outboxOf([id])).every((row) => row.status === 'sent' || row.status === 'dropped'),
      );
      await down.app.mailOutbox.drain();
      expect(
        revived.mails.filter((m) => m.to.includes(who.email) && m.subject.includes(version)),
      ).toHaveLength(1);
      const [sent] = (await outboxOf([id])).filter((row) => row.account_id === who.account.id);
      expect(sent.status).toBe('sent');
      expect(sent.attempts).toBeGreaterThanOrEqual(2);
    } finally {
      await down.close();
      await revived.close();
    }
  });

  it('a restart half-way sends nothing twice and loses nothing', async () => {
    const people = await Promise.all([1, 2, 3, 4].map(() => subscriber('user')));
    const { id, version } = await publish();
    const first = await appOn(catcher.url, { delayMs: 0, batchSize: 1 });
    const pass = first.app.mailOutbox.drain();
    const since = catcher.mails.length;
    await Promise.race(people.map((who) => catcher.waitFor(who.email, since, 30_000)));
    await first.close();
    await pass;

    // An instance that died holding a claim: its rows wait for the lease to pass, then go once.
    const dead = await claimDueMails(t.db, { ...DEFAULT_OUTBOX_OPTIONS, delayMs: 0, batchSize: 1 });
    const second = await appOn(catcher.url, { delayMs: 0 });
    try {
      await second.app.mailOutbox.drain();
      if (dead.length > 0) {
        expect((await outboxOf([id])).find((row) => row.id === dead[0].id)?.status).toBe('pending');
        await t.db
          .update(mailOutbox)
          .set({ locked_until: new Date(0) })
          .where(eq(mailOutbox.id, dead[0].id));
        await second.app.mailOutbox.drain();
      }
      for (const who of people) expect(mailsAbout(who, version)).toHaveLength(1);
      expect((await outboxOf([id])).every((row) => row.status === 'sent')).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('two instances draining at once send each mail once', async () => {
    const people = await Promise.all([1, 2, 3, 4, 5, 6].map(() => subscriber('user')));
    const { version } = await publish();
    const other = await appOn(catcher.url, { delayMs: 0, batchSize: 2 });
    try {
      await Promise.all([later.app.mailOutbox.drain(), other.app.mailOutbox.drain()]);
      for (const who of people) expect(mailsAbout(who, version)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('the worker sends by itself, without being asked', async () => {
    const auto = await appOn(catcher.url, { delayMs: 0, pollMs: 20 });
    try {
      const who = await subscriber('user');
      const { version } = await publish();
      const mail = await catcher.waitFor(who.email, 0, 30_000);
      expect(mail.subject).toContain(version);
    } finally {
      await auto.close();
    }
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Drains until `done` holds (the back-off of a failed send has to pass before the next attempt). */
async function drainUntil(app: TestApp, done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    await app.app.mailOutbox.drain();
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the outbox did not drain');
}
