// The dashboards (issue 42) in Chromium against the built console, from builds this file makes: one failed by
// the test's own agent with an error line, one built done by the embedded agent. An admin (1280 then 768 px)
// finds every chart drawn, a chart's table, and the builds chart refreshed by the live socket when a new build
// ends; a partner in Russian (1280 then 768 px) finds their own charts and their failed build's error line.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { contrast } from '../../src/custom/dashboard/palette';
import type { ApiSession } from './support/api';
import { agentCall as agentCallTo, queueHeld, submitBuild } from './support/builds';
import { consoleUnderTest } from './support/fixture';
import { screenshot } from './support/screenshot';

const e2e = consoleUnderTest();
const SOON = { timeout: 90_000, interval: 250 };
const ERROR_LINE = 'ERROR: dashboard test toolchain not found';
const SET = 'Dashboard farm';
/** Screenshots of every state looked at, when asked for (E2E_SHOTS=folder): a passing run saves none. */
const SHOTS = process.env.E2E_SHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const shot = async (page: Page, name: string) => {
  screenshot(page, `dashboard-${name}`, true);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

let partnerApi: ApiSession;

/** A call of the agent protocol on this file's server. */
const agentCall = <T>(token: string, path: string, body?: unknown) =>
  agentCallTo<T>(e2e.server.url, token, path, body);

/** The partner's builds ended done, as their dashboard counts them. */
const doneBuilds = async () => {
  const { points } = await partnerApi.call<{ points: { done: number }[] }>(
    'GET',
    '/client/dashboard/builds?range=24h',
  );
  return points.reduce((sum, point) => sum + point.done, 0);
};

beforeAll(async () => {
  const held = await queueHeld(e2e.server);
  partnerApi = held.partnerApi;
  try {
    const agent = await held.adminApi.call<{ token: string }>('POST', '/admin/workers', {
      name: 'e2e-dashboard',
    });
    const failing = await submitBuild(partnerApi, SET);
    const { job } = await agentCall<{ job: { id: number; attempt: number } }>(agent.token, '/jobs/claim');
    expect(job.id).toBe(failing.id);
    await agentCall(agent.token, `/jobs/${job.id}/events`, {
      attempt: job.attempt,
      events: [
        { seq: 1, type: 'log', data: 'building the web UI' },
        { seq: 2, type: 'log', data: ERROR_LINE },
      ],
    });
    await agentCall(agent.token, `/jobs/${job.id}/finish`, { status: 'failed', reason: 'exit 2' });
    await submitBuild(partnerApi, SET);
  } finally {
    await held.unblock();
  }
  // The embedded agent builds the second one (expect.poll is for tests, not their set-up).
  const deadline = Date.now() + SOON.timeout;
  while ((await doneBuilds()) < 1) {
    if (Date.now() > deadline) throw new Error('the embedded agent did not build the partner’s build');
    await new Promise((resolve) => setTimeout(resolve, SOON.interval));
  }
}, 180_000);

const chart = (page: Page, name: string) => page.locator(`[data-chart="${name}"]`);

/** The chart's drawing holds marks (bars, line points) or, for a number, the number. */
async function expectDrawn(page: Page, name: string) {
  const drawn = chart(page, name).locator('[data-chart-drawn]');
  await drawn.waitFor(SOON);
  if (name === 'partners') {
    await expect.poll(() => drawn.textContent()).toMatch(/\d/);
    return;
  }
  // @mui/x-charts 9's classes: a bar, a line's point.
  const marks = drawn.locator('svg .MuiBarChart-element, svg .MuiLineChart-mark');
  await expect.poll(() => marks.count(), SOON).toBeGreaterThan(0);
}

/**
 * How many pixels of a line chart's drawing (its surface, not the legend) have the colour of `series`'s line, as
 * Chromium painted them: what a reader sees of that line.
 */
async function seenPixels(page: Page, name: string, series: string): Promise<number> {
  const surface = chart(page, name).locator('[data-chart-drawn] svg:has(.MuiLineChart-line)');
  const colour = await surface
    .locator(`.MuiLineChart-mark[data-series="${series}"]`)
    .first()
    .evaluate((mark) => getComputedStyle(mark).stroke);
  const png = (await surface.screenshot()).toString('base64');
  return page.evaluate(
    async ({ png, colour }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(image, 0, 0);
      const [r, g, b] = (colour.match(/\d+/g) ?? []).map(Number);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      let seen = 0;
      for (let at = 0; at < data.length; at += 4)
        if (Math.abs(data[at] - r) + Math.abs(data[at + 1] - g) + Math.abs(data[at + 2] - b) < 48) seen += 1;
      return seen;
    },
    { png, colour },
  );
}

/**
 * Every bar of the builds chart stands out from the card's paper by at least `ratio`, once a change of theme
 * has ended (the bars' fill passes through the colours between the two themes').
 */
async function expectBarsReadable(page: Page, ratio: number) {
  await expect.poll(() => lowestBarContrast(page), SOON).toBeGreaterThanOrEqual(ratio);
}

/** The lowest contrast of a bar of the builds chart with the card's paper (0 with no bar drawn). */
async function lowestBarContrast(page: Page): Promise<number> {
  const colours = await chart(page, 'builds').evaluate((card) => {
    const hex = (css: string) =>
      `#${(css.match(/\d+/g) ?? [])
        .slice(0, 3)
        .map((n) => Number(n).toString(16).padStart(2, '0'))
        .join('')}`;
    const bars = [...card.querySelectorAll('svg .MuiBarChart-element')];
    return {
      paper: hex(getComputedStyle(card).backgroundColor),
      bars: bars.map((bar) => hex(getComputedStyle(bar).fill)),
    };
  });
  if (colours.bars.length === 0) return 0;
  return Math.min(...colours.bars.map((bar) => contrast(bar, colours.paper)));
}

async function openDashboard(page: Page, menuLabel: string) {
  await page.getByRole('menuitem', { name: menuLabel }).click();
  await page.waitForURL(/\/dashboard$/);
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the dashboards', () => {
  it('shows an admin every chart drawn from the builds, as a table too, refreshed live', {
    timeout: 300_000,
  }, async () => {
    const { context, page } = await e2e.signedIn(e2e.server.admin, {
      viewport: { width: 1280, height: 900 },
    });
    const menu = page.getByRole('menu').getByRole('menuitem');
    await expect.poll(() => menu.first().textContent()).toBe('Dashboard');
    await openDashboard(page, 'Dashboard');
    const charts = [
      'builds',
      'timings',
      'failures-release',
      'failures-model',
      'agents',
      'licenses',
      'partners',
    ];
    for (const name of charts) await expectDrawn(page, name);
    await shot(page, 'admin-1280');
    // On the light paper each bar has the 3:1 WCAG asks of a chart's marks.
    await expectBarsReadable(page, 3);
    // Both agents here built in every hour they were online: Busy's line lies on Online's, and both still show.
    for (const series of ['online', 'busy'])
      expect(await seenPixels(page, 'agents', series), series).toBeGreaterThan(100);

    // The failure rates: the failed build's release at 50 % (one of two ended), as a table.
    const failures = chart(page, 'failures-release');
    await failures.getByRole('button', { name: 'Table' }).click();
    await expect.poll(() => failures.getByRole('table').textContent()).toMatch(/50\s?%/);

    // The builds as a table, then a new build ends: the live socket's events refresh it, no reload.
    const builds = chart(page, 'builds');
    await builds.getByRole('button', { name: '24 h' }).click();
    await builds.getByRole('button', { name: 'Table' }).click();
    const table = builds.getByRole('table', { name: 'Builds by status: table' });
    const doneColumn = async () => {
      const cells = await table.locator('tbody tr td:nth-child(2)').allInnerTexts();
      return cells.reduce((sum, text) => sum + Number(text.replace(/\D/g, '') || 0), 0);
    };
    await expect.poll(doneColumn, SOON).toBe(1);
    await shot(page, 'admin-1280-tables');
    // Another set's build: a configuration of its own, which the embedded agent builds (reporting as it goes),
    // not one served at once from the first's file.
    await submitBuild(partnerApi, `${SET} live`);
    await expect.poll(doneColumn, SOON).toBe(2);

    // Back to the charts, at 768 px.
    await page.setViewportSize({ width: 768, height: 900 });
    await builds.getByRole('button', { name: 'Table' }).click();
    await failures.getByRole('button', { name: 'Table' }).click();
    for (const name of charts) await expectDrawn(page, name);
    expect(await noSidewaysScroll(page)).toBe(true);
    await shot(page, 'admin-768');

    // The dark theme (the system's, as the preferences' "auto" follows it): dark paper, every chart drawn.
    await page.emulateMedia({ colorScheme: 'dark' });
    const paper = () =>
      chart(page, 'builds').evaluate((card) => {
        const [r, g, b] = getComputedStyle(card).backgroundColor.match(/\d+/g)?.map(Number) ?? [
          255, 255, 255,
        ];
        return (r + g + b) / 3;
      });
    await expect.poll(paper).toBeLessThan(64);
    for (const name of charts) await expectDrawn(page, name);
    // Each bar of the builds (done, failed) reads on the dark paper as text would (4.5:1).
    await expectBarsReadable(page, 4.5);
    await shot(page, 'admin-768-dark');
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const name of charts) await expectDrawn(page, name);
    await shot(page, 'admin-1280-dark');
    await context.close();
  });

  it("shows a partner in Russian their own charts and their failed build's error line", {
    timeout: 300_000,
  }, async () => {
    const { context, page } = await e2e.signedIn(e2e.server.partner, {
      viewport: { width: 1280, height: 900 },
      locale: 'ru-RU',
    });
    await openDashboard(page, 'Обзор');
    await expect(chart(page, 'builds').getByRole('heading').textContent()).resolves.toBe(
      'Мои сборки по статусам',
    );
    for (const name of ['builds', 'timings', 'licenses']) await expectDrawn(page, name);
    // Staff charts are not here, and the server answers a partner's call for them 403.
    await expect.poll(() => chart(page, 'agents').count()).toBe(0);
    const failed = chart(page, 'failed-builds').getByRole('table');
    await expect.poll(() => failed.textContent(), SOON).toContain(ERROR_LINE);
    // Dates in the account's language: the failed build's time names the month in Russian.
    expect(await failed.locator('tbody td').nth(3).textContent()).toMatch(/[а-я]/);
    await shot(page, 'partner-1280-ru');
    await page.setViewportSize({ width: 768, height: 900 });
    for (const name of ['builds', 'timings', 'licenses']) await expectDrawn(page, name);
    expect(await noSidewaysScroll(page)).toBe(true);
    await shot(page, 'partner-768-ru');
    await context.close();
  });
});
