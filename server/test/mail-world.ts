import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from './helper';
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
