// Issue 17: removed is not forever. An admin turns on Show removed, finds a removed partner on the partners
// list (whose page and search are in the URL) and restores it; in English and in Russian, at 768 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSession } from './support/api';
import { consoleUnderTest } from './support/fixture';
import { loginPage, shell } from './support/pages';
import { screenshot } from './support/screenshot';

const e2e = consoleUnderTest();
const UI = { timeout: 15_000 };
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, UI);

async function adminAt768(locale: 'en-US' | 'ru-RU'): Promise<Page> {
  const context = await e2e.browser.newContext({ viewport: { width: 768, height: 900 }, locale });
  const page = await context.newPage();
  await loginPage(page, e2e.server.url).open();
  await loginPage(page, e2e.server.url).signIn(e2e.server.admin.email, e2e.server.admin.password);
  await page.waitForURL(/\/releases$/, UI);
  return page;
}

async function showRemoved(page: Page, label: RegExp) {
  await shell(page).openSettings();
  const toggle = page.getByLabel(label);
  if (!(await toggle.isChecked())) await toggle.check();
  await shell(page).closePopover();
}

describe('restoring removed partners', () => {
  it('an admin sees a removed partner with Show removed and restores it, in English and Russian', {
    timeout: 300_000,
  }, async () => {
    const admin = await apiSession(e2e.server.url, e2e.server.admin);
    const email = `gone-${Date.now()}@example.test`;
    const created = await admin.call<{ id: number }>('POST', '/admin/users', {
      email,
      password: 'partner pass 1',
      worker: 'gone_partner',
    });
    await admin.call('DELETE', `/admin/user?user_id=${created.id}`);

    for (const [locale, words] of [
      ['en-US', { show: /^Show removed/, removed: 'Removed', restore: 'Restore', done: 'Partner restored' }],
      [
        'ru-RU',
        {
          show: /^Показывать удалённые/,
          removed: 'Удалён',
          restore: 'Восстановить',
          done: 'Партнёр восстановлен',
        },
      ],
    ] as const) {
      const page = await adminAt768(locale);
      await showRemoved(page, words.show);
      await page.goto(`${e2e.server.url}/partners?search=${encodeURIComponent(email)}`);
      const row = page.getByRole('row').filter({ hasText: 'gone_partner' });
      await eventually(() => row.getByText(words.removed, { exact: true }).isVisible()).toBe(true);
      // The search stays in the URL (a reload finds the same list).
      expect(new URL(page.url()).searchParams.get('search')).toBe(email);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      screenshot(page, `restore-partner-${locale}-768`, true);

      await row.getByRole('button', { name: words.restore }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: words.restore }).click();
      await eventually(() => page.getByText(words.done).isVisible()).toBe(true);
      await eventually(() => row.getByText(words.removed, { exact: true }).count()).toBe(0);
      await page.context().close();
      // Removed again for the next language.
      await admin.call('DELETE', `/admin/user?user_id=${created.id}`);
    }
  });
});
