// Issue 17: an admin lowers a partner's fees (its builds stay valid for the last test), opens Audit and sees the
// change, in English, in Russian and at 768 px; downloads the partners as CSV; and the release removal dialog
// counts the builds using the release.
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSession } from './support/api';
import { submitBuild } from './support/builds';
import { consoleUnderTest } from './support/fixture';
import { releasesPage, shell } from './support/pages';
import { screenshot } from './support/screenshot';

const e2e = consoleUnderTest();
const UI = { timeout: 15_000 };
let partnerId = 0;

beforeAll(async () => {
  mkdirSync('test-results', { recursive: true });
  const admin = await apiSession(e2e.server.url, e2e.server.admin);
  const users = await admin.call<{ id: number; email: string }[]>('GET', '/admin/users');
  partnerId = users.find((u) => u.email === e2e.server.partner.email)?.id ?? 0;
});

describe('the audit log', () => {
  it("an admin changes a partner's fees and finds the change on the Audit page, also in Russian", async () => {
    const { context, page } = await e2e.signedIn(e2e.server.admin);
    await page.goto(`${e2e.server.url}/partners/${partnerId}`);
    const custom = page.getByLabel(/^Custom DevFee$/);
    await custom.waitFor(UI);
    if (!(await custom.isChecked())) await custom.check();
    const x19 = page.getByRole('group', { name: 'x19' });
    await x19.getByLabel(/^Min devfee percent/).fill('1.75');
    await x19.getByLabel(/^Sum of fee percent/).fill('3');
    await page.getByRole('button', { name: /^Save$/ }).click();
    await expect.poll(() => page.getByText(/^Partner .* was saved$/).isVisible(), UI).toBe(true);

    await shell(page)
      .menuItem(/^Audit$/)
      .click();
    await page.waitForURL(/\/audit/);
    const row = page.getByRole('row').filter({ hasText: 'Fees changed' }).first();
    await expect.poll(() => row.isVisible(), UI).toBe(true);
    expect(await row.getByText(e2e.server.admin.email).isVisible()).toBe(true);
    expect(await row.getByRole('link', { name: `Partner #${partnerId}` }).isVisible()).toBe(true);
    expect(await row.getByText('x19 · Min DevFee, %').isVisible()).toBe(true);
    expect(await row.getByText('1.75', { exact: true }).isVisible()).toBe(true);
    screenshot(page, 'audit-en');

    await shell(page).openSettings();
    await page.getByRole('button', { name: 'Русский' }).click();
    // Redrawn in Russian with the settings still open; closed, the page is no longer hidden behind them.
    await expect.poll(() => page.getByRole('group', { name: 'Язык' }).isVisible(), UI).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('group', { name: 'Язык' }).count(), UI).toBe(0);
    const ruRow = page.getByRole('row').filter({ hasText: 'Комиссии изменены' }).first();
    await expect.poll(() => ruRow.isVisible(), UI).toBe(true);
    expect(await ruRow.getByRole('link', { name: `Партнёр #${partnerId}` }).isVisible()).toBe(true);
    expect(
      await shell(page)
        .menuItem(/^Журнал$/)
        .isVisible(),
    ).toBe(true);

    await page.setViewportSize({ width: 768, height: 900 });
    await page.reload();
    await expect.poll(() => ruRow.isVisible(), UI).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    screenshot(page, 'audit-ru-768');
    await context.close();
  });

  it('an admin downloads the partners as CSV, with a BOM and the fees', async () => {
    const { context, page } = await e2e.signedIn(e2e.server.admin);
    await page.goto(`${e2e.server.url}/partners`);
    const button = page.getByRole('button', { name: 'Export CSV' });
    await button.waitFor(UI);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^partners-\d{4}-\d\d-\d\d\.csv$/);
    const file = join(e2e.server.dataDir, 'e2e-partners.csv');
    await download.saveAs(file);
    const bytes = await readFile(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toMatch(/^id,email,worker,/);
    expect(text).toContain(e2e.server.partner.email);
    screenshot(page, 'exports-partners');
    await context.close();
  });

  it('the release removal dialog says how many builds use the release', async () => {
    const partner = await apiSession(e2e.server.url, e2e.server.partner);
    // The answer is the build itself: its release is the one to remove.
    const used = (await submitBuild(partner, 'E2E Impact')) as unknown as {
      series: string;
      release_version: string;
    };
    const { context, page } = await e2e.signedIn(e2e.server.admin);
    const releases = releasesPage(page, e2e.server.url);
    const row = releases.row(used.series, used.release_version);
    await expect.poll(() => row.isVisible(), UI).toBe(true);
    await row.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText(/^\d+ builds? uses? this release$/).isVisible(), UI).toBe(true);
    expect(await dialog.getByText(/in the queue or building now/).isVisible()).toBe(true);
    screenshot(page, 'impact-release-remove');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await context.close();
  });
});
