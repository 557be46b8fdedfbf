import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export interface BundleSizes {
  signInKb: number;
  signedInKb: number;
}

/** Loads a page in a fresh, cold-cache browser context and sums the gzip size of every script it fetched. */
async function pageScripts(
  browser: Browser,
  url: string,
  act?: (page: import('playwright-core').Page) => Promise<void>,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bodies = new Map<string, Buffer>();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body().catch(() => undefined);
    if (body) bodies.set(res.url(), body);
  });
  const t0 = performance.now();
  await page.goto(url);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  const visibleMs = performance.now() - t0;
  const signIn = [...bodies.values()].reduce((n, b) => n + gzipSync(b).length, 0);
  let after = signIn;
  if (act) {
    await act(page);
    await page.waitForLoadState('networkidle');
    after = [...bodies.values()].reduce((n, b) => n + gzipSync(b).length, 0);
  }
  await context.close();
  return { signIn, after, visibleMs };
}

export async function measureBundle(
  browser: Browser,
  baseUrl: string,
  admin: { email: string; password: string },
): Promise<BundleSizes & { signInVisibleMs: number }> {
  const { signIn, after, visibleMs } = await pageScripts(browser, `${baseUrl}/login`, async (page) => {
    await page.getByLabel(/^Email/).fill(admin.email);
    await page.getByLabel(/^Password/).fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/releases/);
  });
  return { signInKb: signIn / 1024, signedInKb: after / 1024, signInVisibleMs: visibleMs };
}
