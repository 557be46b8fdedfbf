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

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? execSync('command -v chromium', { shell: '/bin/sh' }).toString().trim();
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: FLAGS });
}

/** Each context is a fresh visitor: no cookies, no local storage. */
export function newVisitor(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US', ...options });
}
