import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './helper';
import { MailCatcher } from './mail-catcher';

/** The console under test, sending its mail to `smtp`: set by `setUpMailWorld` in the calling test file. */
export let t: TestApp;
/** A real SMTP server catching every mail the console sends. */
export let smtp: MailCatcher;

/** Registers a console whose links start with `appUrl` and a real SMTP server, for a test file about mail. */
export function setUpMailWorld(appUrl: string): void {
  beforeAll(async () => {
    smtp = await new MailCatcher().start();
    t = await createTestApp({ config: { smtpUrl: smtp.url, appUrl } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
}
