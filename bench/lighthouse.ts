// Lighthouse's performance category (its default mobile profile: simulated slow 4G and 4× CPU slowdown) on the
// local Chromium, through the DevTools port of a browser whose default profile the bench signs in with first.
// Cold: the browser cache is cleared before the run; warm: the same page was loaded just before. A run may instead
// take the CPU slowdown calibrated to this machine (calibratedSlowdown).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { type Flags } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { chromiumPath, FLAGS } from '../tests/e2e/support/browser';
import { freePort } from '../tests/e2e/support/server';
import type { AppUnderTest } from './wire';

/** Runs again after a run that lost its trace. */
const RETRIES = 2;

export interface PerfScore {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /**
   * Lighthouse's measure of the host's CPU ("CPU/Memory Power" in its report): its 4× slowdown is calibrated for
   * 1,500–2,000 (a high-end desktop), and it warns of a slow host at 1,000 or less.
   */
  benchmarkIndex: number;
  /** The browser that ran it (`Chrome/…` of Lighthouse's host user agent): figures move between its versions too. */
  browser: string;
}

/**
 * The CPU slowdown that makes this machine a mid-tier phone, from Lighthouse's BenchmarkIndex of it, as
 * Lighthouse's documentation tells one to calibrate (docs/throttling.md, "Calibrating the CPU slowdown"): the
 * formula of its calculator (github.com/patrickhulce/lighthouse-cpu-throttling-calculator, pages/index.js), 4× at
 * 1,533, 3× at 1,300, 2× at 800, 1× at 150 and below. The default 4× assumes a high-end desktop (1,500–2,000); on
 * a slower host it slows every task more than a phone would be slower.
 */
export function calibratedSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return 1 + Math.max(0, benchmarkIndex - 150) / 650;
}

/** A Chromium with a DevTools port, its default profile in `context`. */
export async function lighthouseBrowser(): Promise<{
  context: BrowserContext;
  port: number;
  close(): Promise<void>;
}> {
  const port = await freePort();
  const profile = await mkdtemp(join(tmpdir(), 'fc-bench-lh-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath({ full: true }),
    headless: true,
    args: [...FLAGS, `--remote-debugging-port=${port}`],
  });
  return {
    context,
    port,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** What every run of the bench asks of Lighthouse: its performance category, the signed-in session kept. */
export const LIGHTHOUSE_FLAGS = {
  logLevel: 'error',
  onlyCategories: ['performance'],
  disableStorageReset: true,
} as const satisfies Flags;

/** Readies `page` for a Lighthouse load of `url`: the browser cache cleared (cold), or `url` loaded just before. */
export async function readyForLoad(page: Page, url: string, cold: boolean): Promise<void> {
  if (!cold) {
    await page.goto(url, { waitUntil: 'networkidle' });
    return;
  }
  const session = await page.context().newCDPSession(page);
  await session.send('Network.clearBrowserCache');
  await session.detach();
}

/**
 * One Lighthouse run of `url`; storage is kept (the session signed in stays), the cache as `cold` says; with
 * `cpuSlowdown`, the default mobile profile with that CPU slowdown instead of 4×.
 */
export async function runLighthouse(
  browser: { context: BrowserContext; port: number },
  url: string,
  cold: boolean,
  cpuSlowdown?: number,
  attempt = 0,
): Promise<PerfScore> {
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await readyForLoad(page, url, cold);
  const result = await lighthouse(url, {
    ...LIGHTHOUSE_FLAGS,
    port: browser.port,
    output: 'json',
    // LH_THROTTLING=devtools: the slow network and CPU applied to the real load instead of simulated from it.
    ...(process.env.LH_THROTTLING === 'devtools' ? { throttlingMethod: 'devtools' as const } : {}),
    ...(cpuSlowdown
      ? { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown } }
      : {}),
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // LH_REPORTS=<folder> keeps each run's whole report (the LCP element, the requests' simulated timings…).
  if (process.env.LH_REPORTS) {
    const profile = cpuSlowdown ? `-cpu${cpuSlowdown.toFixed(1)}` : '';
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${cold ? 'cold' : 'warm'}${profile}-${Date.now()}.json`;
    await writeFile(join(process.env.LH_REPORTS, name), JSON.stringify(lhr));
  }
  // On a busy machine Lighthouse now and then loses its trace (NO_NAVSTART): that run measured nothing.
  if (lhr.runtimeError && attempt < RETRIES)
    return runLighthouse(browser, url, cold, cpuSlowdown, attempt + 1);
  const audit = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
  return {
    score: Number(lhr.categories.performance?.score ?? Number.NaN),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    benchmarkIndex: Number(lhr.environment.benchmarkIndex ?? Number.NaN),
    browser: /(?:HeadlessChrome|Chrome)\/[\d.]+/.exec(lhr.environment.hostUserAgent)?.[0] ?? 'unknown',
  };
}

/** Signs in through the app's own form in the browser's default profile (Lighthouse's tabs share it). */
export async function signInForLighthouse(
  browser: { context: BrowserContext },
  app: AppUnderTest,
): Promise<void> {
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.goto(`${app.url}/login`);
  await app.loginReady(page);
  await app.signIn(page);
  await app.signedInPage(page);
}

/** Signs out of everything: a fresh visitor for /login. */
export async function signOutOfLighthouse(browser: { context: BrowserContext }): Promise<void> {
  await browser.context.clearCookies();
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}
