import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newVisitor } from './support/browser';
import { consoleUnderTest, goldenDataDir } from './support/fixture';
import { loginPage } from './support/pages';
import { screenshot } from './support/screenshot';
import { startServer } from './support/server';

let dataDir: string;
// A data directory of our own: the server is stopped and started again on it.
const e2e = consoleUnderTest(
  {},
  {
    start: async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'fc-e2e-outage-'));
      return startServer({ DATA_DIR: dataDir }, { from: await goldenDataDir() });
    },
    cleanUp: () => rm(dataDir, { recursive: true, force: true }),
  },
);

describe('the console while the server is down', () => {
  it('says it cannot reach the server, shows no error toasts, and carries on by itself once it is back', async () => {
    const context = await newVisitor(e2e.browser);
    const page = await context.newPage();
    await loginPage(page, e2e.server.url).open();
    await loginPage(page, e2e.server.url).signIn(e2e.server.partner.email, e2e.server.partner.password);
    await page.waitForURL(/\/releases$/);
    await expect.poll(() => page.getByRole('link', { name: /My tasks/ }).isVisible()).toBe(true);
    const lost = { hasText: 'The server cannot be reached. Retrying…' };
    const banner = page.getByRole('alert').filter(lost);
    expect(await banner.count()).toBe(0);
    // A visitor on the sign-in page, a public page with nothing polling.
    const visitorContext = await newVisitor(e2e.browser);
    const visitor = await visitorContext.newPage();
    const visitorLogin = loginPage(visitor, e2e.server.url);
    await visitorLogin.open();
    await visitorLogin.email().waitFor();
    const visitorBanner = visitor.getByRole('alert').filter(lost);

    // A restart: the same data directory and port, a few seconds away.
    const url = new URL(e2e.server.url);
    await e2e.server.stop();
    // The task counters are polled every 5 s: the next poll finds nobody.
    await expect.poll(() => banner.isVisible(), { timeout: 15_000 }).toBe(true);
    // The next request the console makes (its counters poll every 5 s) fails too: still no toast after it.
    await page.waitForEvent('requestfailed', {
      predicate: (request) => new URL(request.url()).pathname.startsWith('/api/'),
      timeout: 15_000,
    });
    screenshot(page, 'outage-banner');
    expect(await page.locator('.MuiSnackbar-root').count()).toBe(0);
    expect(await page.getByText(/Failed to fetch/).count()).toBe(0);
    // Signing in meanwhile says why it failed, and the banner says the server is away.
    await visitorLogin.signIn(e2e.server.admin.email, e2e.server.admin.password);
    await expect
      .poll(() =>
        visitor.getByText('Could not reach the server. Check the connection and try again.').isVisible(),
      )
      .toBe(true);
    expect(await visitorBanner.isVisible()).toBe(true);
    screenshot(visitor, 'outage-login');

    e2e.server = await startServer({ DATA_DIR: dataDir, PORT: url.port });
    await expect.poll(() => banner.isVisible(), { timeout: 20_000 }).toBe(false);
    // The list, whose code had not arrived when the server went away, loads now.
    await expect.poll(() => page.getByText('1.0.0').first().isVisible(), { timeout: 20_000 }).toBe(true);
    // Still signed in, still on the page, and it works: the tasks page opens from the header.
    await page.getByRole('link', { name: /My tasks/ }).click();
    await page.waitForURL(/\/tasks/);
    await expect.poll(() => page.getByRole('tab', { name: /My tasks/ }).isVisible()).toBe(true);
    screenshot(page, 'outage-recovered');
    expect(await page.locator('.MuiSnackbar-root').count()).toBe(0);
    await context.close();
    // The sign-in page found the server back by itself (after 1, 2, 4, then every 8 s), and signing in works.
    await expect.poll(() => visitorBanner.isVisible(), { timeout: 20_000 }).toBe(false);
    await visitor.getByRole('button', { name: /^Sign in$/ }).click();
    await visitor.waitForURL(/\/releases$/);
    await visitorContext.close();
  }, 180_000);
});
