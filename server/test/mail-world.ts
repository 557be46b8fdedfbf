import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { emailTokens } from '../platform/db/schema';
import { createTestApp, type TestApp, type TestAppOptions } from './helper';
import { MailCatcher, tokenFromMail } from './mail-catcher';

/** The console under test, sending its mail to `smtp`: set by `setUpMailWorld` in the calling test file. */
export let t: TestApp;
/** A real SMTP server catching every mail the console sends. */
export let smtp: MailCatcher;
let linksStart: string;

/** Registers a console whose links start with `appUrl` and a real SMTP server, for a test file about mail. */
export function setUpMailWorld(appUrl: string): void {
  linksStart = appUrl;
  beforeAll(async () => {
    smtp = await new MailCatcher().start();
    t = await createTestApp({ config: { smtpUrl: smtp.url, appUrl } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
}

/**
 * Makes the request `send` makes (answered 200) and reads the token of the link to `path` out of the mail that
 * `email` receives after it.
 */
export async function mailedToken(
  email: string,
  path: string,
  send: () => Promise<LightMyRequestResponse>,
): Promise<string> {
  const before = smtp.mails.length;
  const res = await send();
  expect(res.statusCode, res.body).toBe(200);
  return tokenFromMail(await smtp.waitFor(email, before), linksStart, path);
}

/**
 * A second console on the world's database, mailing the world's SMTP server with the world's links unless
 * `options.config` says otherwise (a broken server, other limits). The caller closes it.
 */
export const anotherConsole = (options: TestAppOptions = {}) =>
  createTestApp({
    db: t.handle,
    ...options,
    config: { smtpUrl: smtp.url, appUrl: linksStart, ...options.config },
  });

/** The e-mail tokens (reset, change of address) stored for the account `accountId`. */
export const emailTokensOf = (accountId: number) =>
  t.db.select().from(emailTokens).where(eq(emailTokens.account_id, accountId));

/** Makes every e-mail token of the account `accountId` a second past its end. */
export async function expireEmailTokens(accountId: number): Promise<void> {
  await t.db
    .update(emailTokens)
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where(eq(emailTokens.account_id, accountId));
}
