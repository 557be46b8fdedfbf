import { execSync } from 'node:child_process';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core';

// Debian's chromium runs as root here and the network is closed: these flags keep it quiet and headless.
// Playwright gives every launch a fresh temporary profile of its own (it refuses --user-data-dir in args).
export const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * For the tests only, not for what measures what users get: V8 without its helper threads (concurrent
 * compilation and garbage collection). The e2e tests keep both cores busy, where those threads only add work:
 * layout.test.ts's renderers spent 8 % less CPU (42.1, 42.1, 41.9 → 39.0, 39.2, 37.5 CPU-s, runs alternating;
 * issue 40).
 */
const TEST_ONLY_FLAGS = ['--js-flags=--single-threaded'];

/**
 * The Chromium the tests drive: `CHROMIUM_PATH`, else Debian's `chromium-headless-shell` (Chromium's old headless
 * mode, without the browser's own windows and WebUI renderers), else `chromium`. The shell spent 483 CPU-s on the
 * e2e project against full Chromium's 598, every test green (issue 40). `{ full: true }` asks for the browser
 * users run, for what measures what they get (bench/lighthouse.ts).
 */
export function chromiumPath({ full = false }: { full?: boolean } = {}): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const found = (name: string) =>
    execSync(`command -v ${name} || true`, { shell: '/bin/sh' }).toString().trim();
  return (full ? '' : found('chromium-headless-shell')) || found('chromium');
}

/**
 * How long a navigation or an action may wait. Playwright's 30 s was exceeded by a first page load on this
 * 2-core machine with other work beside the suite (issue 40: green under a CPU hog); a test still fails on what
 * never comes, only later.
 */
const ACTION_TIMEOUT_MS = 90_000;

/**
 * Chromium for one e2e file; every context it makes waits ACTION_TIMEOUT_MS, however a test makes it. The
 * benches that measure what users get pass `{ full: true }` (chromiumPath).
 */
export async function launchBrowser(options: { full?: boolean } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(options),
    headless: true,
    args: options.full ? FLAGS : [...FLAGS, ...TEST_ONLY_FLAGS],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    return context;
  };
  return browser;
}

/** Each context is a fresh visitor: no cookies, no local storage. */
export function newVisitor(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US', ...options });
}
