import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, newVisitor } from './browser';
import { loginPage } from './pages';
import { type RunningServer, startServer } from './server';

/** What one e2e file runs against: the built console on a fresh data directory, and a Chromium. */
export interface Console {
  server: RunningServer;
  browser: Browser;
  /** A fresh visitor signed in as `account`, on the releases page (where sign-in lands). */
  signedIn(account: { email: string; password: string }): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * The one e2e fixture: starts the console (with `env`, or by `start`) and Chromium before the file's tests and
 * stops both after them. A test may replace `server` (a restart); the one in place at the end is stopped.
 */
export function consoleUnderTest(
  env: Record<string, string> = {},
  options: {
    start?: () => Promise<RunningServer>;
    startTimeoutMs?: number;
    /** After the server has stopped: remove what `start` made. */
    cleanUp?: () => Promise<void>;
  } = {},
): Console {
  const start = options.start ?? (() => startServer(env));
  const world = {
    async signedIn(account: { email: string; password: string }) {
      const context = await newVisitor(world.browser);
      const page = await context.newPage();
      await loginPage(page, world.server.url).open();
      await loginPage(page, world.server.url).signIn(account.email, account.password);
      await page.waitForURL(/\/releases$/);
      return { context, page };
    },
  } as Console;
  beforeAll(async () => {
    [world.server, world.browser] = await Promise.all([start(), launchBrowser()]);
  }, options.startTimeoutMs);
  afterAll(async () => {
    await world.browser?.close();
    await world.server?.stop();
    await options.cleanUp?.();
  });
  return world;
}
