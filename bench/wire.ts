// Bytes on the wire in Chromium: the sum of `encodedDataLength` over the DevTools protocol's
// Network.loadingFinished events (what the browser downloaded, compressed as it came, headers included), with a
// cold cache — a fresh browser context per run.
import type { Browser, Page } from 'playwright-core';

/** Counts what a page downloads, from the moment it is made. */
async function wireCounter(page: Page) {
  const session = await page.context().newCDPSession(page);
  let bytes = 0;
  let lastAt = performance.now();
  session.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    lastAt = performance.now();
  });
  session.on('Network.requestWillBeSent', () => {
    lastAt = performance.now();
  });
  await session.send('Network.enable');
  await session.send('Network.setCacheDisabled', { cacheDisabled: false });
  return {
    /** Waits until nothing has been requested or finished for `quietMs`. */
    async settle(quietMs = 1_000) {
      while (performance.now() - lastAt < quietMs) await page.waitForTimeout(100);
    },
    bytes: () => bytes,
  };
}

export interface WireBytes {
  /** /login until its form shows and the network is quiet. */
  signInKb: number;
  /** Everything after signing in, until the first signed-in page is drawn and quiet. */
  signedInKb: number;
}

/** How an app's sign-in page and first page after it are driven. */
export interface AppUnderTest {
  url: string;
  signIn(page: Page): Promise<void>;
  /** Resolves once the first signed-in page shows its list. */
  signedInPage(page: Page): Promise<void>;
  loginReady(page: Page): Promise<void>;
}

export async function measureWire(browser: Browser, app: AppUnderTest): Promise<WireBytes> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const wire = await wireCounter(page);
    await page.goto(`${app.url}/login`);
    await app.loginReady(page);
    await wire.settle();
    const signIn = wire.bytes();
    await app.signIn(page);
    await app.signedInPage(page);
    await wire.settle();
    return { signInKb: signIn / 1024, signedInKb: (wire.bytes() - signIn) / 1024 };
  } finally {
    await context.close();
  }
}

/** The console: its sign-in form, then /releases with its table. */
export function consoleApp(url: string, account: { email: string; password: string }): AppUnderTest {
  return {
    url,
    loginReady: (page) => page.getByRole('button', { name: 'Sign in' }).waitFor(),
    async signIn(page) {
      await page.getByLabel(/^Email/).fill(account.email);
      await page.getByLabel(/^Password/).fill(account.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    },
    async signedInPage(page) {
      await page.waitForURL(/\/releases/);
      await page.getByRole('table').first().waitFor();
    },
  };
}

/** The bare react-admin app (bench/bare): its default login page, then its one list. */
export function bareApp(url: string): AppUnderTest {
  return {
    url,
    loginReady: (page) => page.getByRole('button', { name: /sign in/i }).waitFor(),
    async signIn(page) {
      await page.getByRole('textbox', { name: /username/i }).fill('bench');
      await page.getByRole('textbox', { name: /password/i }).fill('bench');
      await page.getByRole('button', { name: /sign in/i }).click();
    },
    async signedInPage(page) {
      await page.waitForURL(/\/releases/);
      await page.getByRole('table').first().waitFor();
    },
  };
}

/** The floor app (bench/floor): React and MUI alone, one page at every path and nothing to sign in to. */
export function floorApp(url: string): AppUnderTest {
  const table = (page: Page) => page.getByRole('table').first().waitFor();
  return { url, loginReady: table, signIn: async () => undefined, signedInPage: table };
}
