import { describe, expect, it } from 'vitest';
import { newVisitor } from './support/browser';
import { consoleUnderTest } from './support/fixture';
import { loginPage, shell } from './support/pages';
import { screenshot } from './support/screenshot';

// What a first start prints is what this file checks: from nothing, not from the run's golden data directory.
const e2e = consoleUnderTest({}, { fresh: true, startTimeoutMs: 240_000 });

describe('the console on a fresh data directory', () => {
  it('prints the URL, the first admin and the demo partner at first start', () => {
    expect(e2e.server.output()).toContain(`Console: ${e2e.server.url}`);
    expect(e2e.server.output()).toContain(
      `Admin: ${e2e.server.admin.email} / (the password in ADMIN_PASSWORD)`,
    );
    expect(e2e.server.output()).toContain(
      `Partner: ${e2e.server.partner.email} / (the password in DEMO_PASSWORD)`,
    );
  });

  it('signs an admin in to /releases, keeps language and theme across a reload, and logs out', async () => {
    const context = await newVisitor(e2e.browser);
    const page = await context.newPage();
    await page.goto(e2e.server.url);
    await page.waitForURL(/\/login$/);
    await loginPage(page, e2e.server.url).signIn(e2e.server.admin.email, e2e.server.admin.password);
    await page.waitForURL(/\/releases$/);
    const ui = shell(page);
    await expect.poll(() => ui.menuItem(/^Releases$/).isVisible()).toBe(true);
    await expect.poll(() => ui.menuItem(/^Agents$/).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('v1.7.1').isVisible()).toBe(true);

    await ui.openSettings();
    await page.getByRole('button', { name: 'Dark' }).click();
    await page.getByRole('button', { name: 'Русский' }).click();
    // The console is redrawn in Russian with the settings still open where the language was picked.
    await expect.poll(() => page.getByRole('group', { name: 'Язык' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'English' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => ui.menuItem(/^Релизы$/).isVisible()).toBe(true);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const isDark = async () => {
      const [r, g, b] = (await background()).match(/\d+/g)?.map(Number) ?? [255, 255, 255];
      return r + g + b < 200;
    };
    await expect.poll(isDark).toBe(true);

    await page.reload();
    await expect.poll(() => ui.menuItem(/^Релизы$/).isVisible()).toBe(true);
    await expect.poll(isDark).toBe(true);
    screenshot(page, 'foundation-admin-ru-dark');

    await page.goto(`${e2e.server.url}/no-such-page`);
    await expect.poll(() => page.getByText(/404/).first().isVisible()).toBe(true);

    await shell(page).logout();
    await page.waitForURL(/\/login$/);
    await context.close();
  });

  it('tells a partner /partners is not theirs, and sends them back to /login after logout', async () => {
    const context = await newVisitor(e2e.browser);
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/partners`);
    await page.waitForURL(/\/login$/);
    await loginPage(page, e2e.server.url).signIn(e2e.server.partner.email, e2e.server.partner.password);
    // The guard remembered /partners, which a partner may not open: told so there, signed in (issue 37 §2.2,
    // which replaced the silent move to /releases; tests/e2e/access-denied.test.ts covers every such page).
    await page.waitForURL(/\/partners$/);
    const ui = shell(page);
    await page.getByText('You do not have access to this page').first().waitFor();
    await expect.poll(() => ui.menuItem(/^Releases$/).isVisible()).toBe(true);
    expect(await ui.menuItem(/^Agents$/).count()).toBe(0);
    expect(await ui.menuItem(/^Partners$/).count()).toBe(0);
    screenshot(page, 'foundation-partner');
    await ui.logout();
    await page.waitForURL(/\/login$/);
    await context.close();
  });

  it('refuses a wrong password with the server message', async () => {
    const context = await newVisitor(e2e.browser);
    const page = await context.newPage();
    await loginPage(page, e2e.server.url).open();
    await loginPage(page, e2e.server.url).signIn(e2e.server.admin.email, 'wrong-password');
    await expect.poll(() => page.getByText('Incorrect email or password').isVisible()).toBe(true);
    expect(page.url()).toMatch(/\/login$/);
    await context.close();
  });
});
