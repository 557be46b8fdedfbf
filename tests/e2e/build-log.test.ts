import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BIG_LOG_SET, bigLogLine, startWithBigLog } from './support/bigLog';
import { newVisitor } from './support/browser';
import { consoleUnderTest, goldenDataDir } from './support/fixture';
import { loginPage } from './support/pages';
import { screenshot } from './support/screenshot';
import { tasksPage } from './support/taskPages';

// Issue 14, "Logs of any size": a finished build whose log has 100,000 lines (written straight into the
// database), opened from the partner's tasks list.
const LINES = 100_000;

let dataDir: string;
const e2e = consoleUnderTest(
  {},
  {
    start: async () => {
      const started = await startWithBigLog(LINES, {}, { from: await goldenDataDir() });
      dataDir = started.dataDir;
      return started.server;
    },
    startTimeoutMs: 300_000,
    cleanUp: () => rm(dataDir, { recursive: true, force: true }),
  },
);

/** Whether the line is inside the log's box as scrolled (drawn lines above or below the view are not). */
async function inView(box: Locator, line: Locator): Promise<boolean> {
  const [outer, inner] = await Promise.all([box.boundingBox(), line.boundingBox()]);
  if (!outer || !inner) return false;
  return inner.y >= outer.y - 1 && inner.y + inner.height <= outer.y + outer.height + 1;
}

const UI = { timeout: 30_000 };

describe('the log of a 100,000-line build', () => {
  it('opens on its tail, reads older lines when scrolled up, searches them all and downloads the whole', {
    timeout: 300_000,
  }, async () => {
    const context = await newVisitor(e2e.browser);
    const page = await context.newPage();
    await loginPage(page, e2e.server.url).open();
    await loginPage(page, e2e.server.url).signIn(e2e.server.partner.email, e2e.server.partner.password);
    await page.waitForURL(/\/releases$/);
    const tasks = tasksPage(page, e2e.server.url);
    await tasks.open('my');
    await tasks.row(BIG_LOG_SET).first().waitFor(UI);
    const logRequests: string[] = [];
    page.on('request', (req) => {
      if (/\/log(\?|\.txt|$)/.test(req.url())) logRequests.push(req.url());
    });
    await tasks.openLog(BIG_LOG_SET);
    const dialog = tasks.logDialog();

    // The tail at once: the last line in the log's view, and only the lines in view drawn.
    const box = dialog.getByRole('log');
    const last = dialog.getByText(bigLogLine(LINES), { exact: true });
    await last.waitFor(UI);
    await expect.poll(() => inView(box, last), UI).toBe(true);
    expect(await tasks.logLines().count()).toBeLessThan(100);
    expect(logRequests).toHaveLength(1);
    expect(logRequests[0]).toContain('limit=500');
    screenshot(page, 'build-log-tail');

    // Scrolled to the top of what it holds (the newest 500 lines): the page before is read and put above,
    // the view staying where it was; a little further up shows the line just before the first page's.
    await box.evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect.poll(() => logRequests.length, UI).toBe(2);
    expect(logRequests[1]).toMatch(/before=\d+&limit=500|limit=500&before=\d+/);
    const older = dialog.getByText(bigLogLine(LINES - 500), { exact: true });
    await older.waitFor({ state: 'attached', ...UI });
    // The view is put back where it was in the frame after the lines are drawn above it: wait for that frame.
    await expect
      .poll(() => inView(box, dialog.getByText(bigLogLine(LINES - 499), { exact: true })), UI)
      .toBe(true);
    await box.evaluate((el) => {
      el.scrollTop -= 60;
    });
    await expect.poll(() => inView(box, older), UI).toBe(true);
    expect(await tasks.logLines().count()).toBeLessThan(100);
    screenshot(page, 'build-log-older');

    // Search: every line of the log, not only those held; the newest match first, then older ones.
    const search = dialog.getByRole('textbox', { name: 'Search the log' });
    await search.fill('milestone');
    await dialog.getByText('1 of 100', { exact: true }).waitFor(UI);
    await search.press('Enter');
    await search.press('Enter');
    await search.press('Enter');
    await dialog.getByText('4 of 100', { exact: true }).waitFor(UI);
    // Line 97,000 was not held: the lines around it are read and it is shown, the match marked.
    const match = dialog.locator('[data-seq]').filter({ hasText: bigLogLine(97_000) });
    await match.waitFor(UI);
    await expect.poll(() => inView(box, match), UI).toBe(true);
    expect(await match.locator('mark').textContent()).toBe('milestone');
    screenshot(page, 'build-log-search');

    // The whole log as a file.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download full log' }).click(),
    ]);
    const file = join(dataDir, 'e2e-build.log');
    await download.saveAs(file);
    const text = await readFile(file, 'utf8');
    const lines = text.split('\n');
    expect(lines).toHaveLength(LINES + 1);
    expect(lines[0]).toBe(bigLogLine(1));
    expect(lines[LINES - 1]).toBe(bigLogLine(LINES));
    await context.close();
  });
});
