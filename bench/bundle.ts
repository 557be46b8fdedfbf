import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';

export interface BundleSizes {
  signInKb: number;
  signedInKb: number;
}

/** Every script a page fetched, by URL, with the gzip size of its body. */
function scriptRecorder(page: Page) {
  const sizes = new Map<string, number>();
  const pending = new Set<Promise<void>>();
  let lastScriptAt = performance.now();
  page.on('request', (req) => {
    if (req.resourceType() === 'script') lastScriptAt = performance.now();
  });
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    lastScriptAt = performance.now();
    const read: Promise<void> = res
      .body()
      .then((body) => {
        sizes.set(res.url(), gzipSync(body).length);
      })
      .catch(() => undefined)
      .finally(() => pending.delete(read));
    pending.add(read);
  });
  return {
    /** Waits until no script has been requested or received for `quietMs` and every body is read. */
    async settle(quietMs = 750) {
      while (performance.now() - lastScriptAt < quietMs || pending.size > 0) {
        await Promise.all([...pending]);
        await page.waitForTimeout(100);
      }
    },
    totalBytes: () => [...sizes.values()].reduce((n, b) => n + b, 0),
    count: () => sizes.size,
  };
}

/**
 * In a fresh, cold-cache browser context: opens /login and sums the gzip size of every script fetched until the
 * sign-in form shows (and the page is quiet); then signs in and sums every script fetched until the first
 * signed-in page (/releases, its list drawn) is settled.
 */
export async function measureBundle(
  browser: Browser,
  baseUrl: string,
  account: { email: string; password: string },
): Promise<BundleSizes & { signInVisibleMs: number; signInScripts: number; signedInScripts: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = scriptRecorder(page);
  try {
    const t0 = performance.now();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const signInVisibleMs = performance.now() - t0;
    await scripts.settle();
    const signIn = scripts.totalBytes();
    const signInScripts = scripts.count();

    await page.getByLabel(/^Email/).fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/releases/);
    await page.getByRole('menuitem', { name: /^Releases$/ }).waitFor();
    await page.getByRole('table').first().waitFor();
    await scripts.settle();
    return {
      signInKb: signIn / 1024,
      signedInKb: scripts.totalBytes() / 1024,
      signInVisibleMs,
      signInScripts,
      signedInScripts: scripts.count(),
    };
  } finally {
    await context.close();
  }
}
