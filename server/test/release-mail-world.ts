import { createServer } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { updateAccountPreferences } from '../accounts/accounts-repository';
import { accounts, mailOutbox } from '../platform/db/schema';
import type { OutboxOptions } from '../platform/mail/outbox';
import {
  createAccount,
  createSignedIn,
  createTestApp,
  request,
  type TestAccount,
  type TestApp,
} from './helper';
import { type CaughtMail, MailCatcher } from './mail-catcher';
import { createReleaseSources, demoTags, type ReleaseSources } from './release-sources';

/**
 * The release e-mails' world (issue 15): a console whose mails wait the real minute, a second instance on the same
 * database that sends at once ("a minute later"), a real SMTP server catching the mails, and helpers to publish
 * releases and make subscribers. `setUpReleaseMailWorld()` registers it in a test file.
 */
export const APP_URL = 'http://console.test';
// Workers that never look by themselves: the tests drain them, so nothing depends on timing.
export const MANUAL = { pollMs: 3_600_000, retryBaseMs: 5, retryMaxMs: 20 };

export let catcher: MailCatcher;
export let sources: ReleaseSources;
/** The console as deployed: e-mails wait the real minute, so its worker sends nothing during a test. */
export let t: TestApp;
/** A second instance on the same database whose worker sends at once: it plays "a minute later". */
export let later: TestApp;
export let admin: { token: string };

export const appOn = (smtpUrl: string, outbox: Partial<OutboxOptions>) =>
  createTestApp({ db: t.handle, config: { smtpUrl, appUrl: APP_URL, mailOutbox: { ...MANUAL, ...outbox } } });

/** Registers the world's set-up and tear-down in the calling test file. */
export function setUpReleaseMailWorld(): void {
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
}

export type Role = 'user' | 'tester' | 'developer' | 'admin';

export async function subscriber(
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
export async function publish(
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

export const mailsAbout = (who: TestAccount, version: string): CaughtMail[] =>
  catcher.mails.filter((m) => m.to.includes(who.email.toLowerCase()) && m.subject.includes(version));

export const textOf = (mail: CaughtMail) => mail.bodies.join('\n');

export async function outboxOf(releaseIds: number[]) {
  return t.db.select().from(mailOutbox).where(inArray(mailOutbox.release_id, releaseIds));
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** An instance whose SMTP server is not there (`port` is free: nothing answers), closed after `run`. */
export async function withSmtpDown<T>(run: (down: TestApp, port: number) => Promise<T>): Promise<T> {
  const port = await freePort();
  const down = await appOn(`smtp://127.0.0.1:${port}`, { delayMs: 0 });
  try {
    return await run(down, port);
  } finally {
    await down.close();
  }
}

/** Drains until `done` holds (the back-off of a failed send has to pass before the next attempt). */
export async function drainUntil(app: TestApp, done: () => Promise<boolean>): Promise<void> {
  // Until a deadline, not a count of rounds: on PostgreSQL beside the rest of the suite, 500 rounds of 10 ms
  // ended before a failed send's back-off had passed (issue 40: no test may depend on the machine's speed).
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    await app.app.mailOutbox.drain();
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the outbox did not drain');
}
