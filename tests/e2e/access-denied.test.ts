// Issue 37, item 2.2: a partner who opens an admin's page is told so and stays signed in. A 403 from the API
// used to be taken for a 401: /catalogue asked for the series, got a 403 and signed the partner out silently.
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../src/authProvider/session';
import { ROUTES } from '../../src/routes';
import { consoleUnderTest } from './support/fixture';
import { screenshot } from './support/screenshot';

const e2e = consoleUnderTest();
const UI = { timeout: 20_000 };

/** Every route of the table that only admins (or developers) may open, as a path a partner could type. */
const adminOnly = [
  ...ROUTES.filter((r) => r.access === 'admin_or_developer').map((r) => r.path.replace(/\/\*$/, '')),
  '/releases/create',
];

const NO_ACCESS = /^(You do not have access to this page|У вас нет доступа к этой странице)$/;

describe('a partner on an admin’s page', () => {
  for (const locale of ['en-US', 'ru-RU']) {
    it(`is told there is no access and stays signed in (${locale})`, { timeout: 120_000 }, async () => {
      const { context, page } = await e2e.signedIn(e2e.server.partner, { locale });
      const problems: string[] = [];
      for (const path of locale === 'en-US' ? adminOnly : adminOnly.slice(0, 2)) {
        screenshot(page, `access-denied-${locale}${path.replace(/\//g, '-')}`);
        await page.goto(`${e2e.server.url}${path}`);
        const told = await page
          .getByText(NO_ACCESS)
          .first()
          .waitFor(UI)
          .then(() => true)
          .catch(() => false);
        const where = new URL(page.url()).pathname;
        const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
        if (!told) problems.push(`${path}: no "no access" notice (at ${where})`);
        if (!token || where === '/login') problems.push(`${path}: signed out (at ${where})`);
      }
      expect(problems).toEqual([]);
      // Still signed in: the partner's own pages answer.
      await page.goto(`${e2e.server.url}/firmwares`);
      await page.waitForURL(/\/firmwares$/, UI);
      expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeTruthy();
      await context.close();
    });
  }
});
