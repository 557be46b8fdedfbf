import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { TOKEN_KEY } from '../../../src/authProvider/session';
import { launchBrowser, newVisitor } from './browser';
import { FAILED, READY } from './golden-data-dir';
import { loginPage } from './pages';
import { type RunningServer, startServer } from './server';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Whether the server still accepts the session token `state` holds (a test may have signed it out). */
async function stillSignedIn(url: string, state: StorageState): Promise<boolean> {
  const origin = state.origins.find((o) => o.origin === new URL(url).origin);
  const token = origin?.localStorage.find((item) => item.name === TOKEN_KEY)?.value;
  if (!token) return false;
  const res = await fetch(`${url}/api/client/firmware/tasks/status`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return res.ok;
}

/** What one e2e file runs against: the built console on a fresh data directory, and a Chromium. */
export interface Console {
  server: RunningServer;
  browser: Browser;
  /**
   * A fresh context signed in as `account`, on the releases page (where sign-in lands). The first call per
   * account signs in through the form; later ones reuse its storage state (the session token) while the
   * server still accepts it (issue 40). For tests where signing in is not what they test.
   */
  signedIn(
    account: { email: string; password: string },
    options?: { viewport?: { width: number; height: number }; locale?: string },
  ): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * The data directory every file's server starts from, once the global set-up has made it in the background
 * (tests/e2e/support/golden-data-dir.ts); throws what making it failed with.
 */
export async function goldenDataDir(): Promise<string> {
  const dir = inject('e2eGoldenDataDir');
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (existsSync(`${dir}${READY}`)) return dir;
    if (existsSync(`${dir}${FAILED}`))
      throw new Error(
        `the golden data directory was not made:\n${await readFile(`${dir}${FAILED}`, 'utf8')}`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the golden data directory was not made within 300 s: ${dir}`);
}

/**
 * The one e2e fixture: starts the console (with `env`, or by `start`) and Chromium before the file's tests and
 * stops both after them. A test may replace `server` (a restart); the one in place at the end is stopped.
 */
export function consoleUnderTest(
  env: Record<string, string> = {},
  options: {
    start?: () => Promise<RunningServer>;
    /** Start from nothing (initdb, migrations, seeding) rather than from the run's golden data directory. */
    fresh?: boolean;
    startTimeoutMs?: number;
    /** After the server has stopped: remove what `start` made. */
    cleanUp?: () => Promise<void>;
  } = {},
): Console {
  const start =
    options.start ??
    (async () => startServer(env, { from: options.fresh ? undefined : await goldenDataDir() }));
  /** Per account e-mail and locale: the storage state of its last sign-in on this file's server. */
  const sessions = new Map<string, StorageState>();
  const world = {
    async signedIn(account, options = {}) {
      const key = `${account.email} ${options.locale ?? ''}`;
      const saved = sessions.get(key);
      if (saved && (await stillSignedIn(world.server.url, saved))) {
        const context = await newVisitor(world.browser, { ...options, storageState: saved });
        const page = await context.newPage();
        await page.goto(`${world.server.url}/releases`);
        return { context, page };
      }
      const context = await newVisitor(world.browser, options);
      const page = await context.newPage();
      await loginPage(page, world.server.url).open();
      await loginPage(page, world.server.url).signIn(account.email, account.password);
      await page.waitForURL(/\/releases$/);
      sessions.set(key, await context.storageState());
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
