// The "View log" dialog timed in the page itself (bench/logs.ts): from the click's event to the first animation
// frame in which the log's last line is inside the log's view, read by requestAnimationFrame in the page, so
// the DevTools round trips of the driver are not in the figure.
import type { BrowserContext, Page } from 'playwright-core';
import { bigLogLine } from '../tests/e2e/support/bigLog';
import { loginPage } from '../tests/e2e/support/pages';
import type { RunningServer } from '../tests/e2e/support/server';
import { tasksPage } from '../tests/e2e/support/taskPages';

export interface DialogTimes {
  /** The first opening in a fresh context (cold cache, the dialog's code and the log never fetched). */
  coldMs: number;
  /** The same dialog closed and opened again. */
  warmMs: number;
}

const UI = { timeout: 60_000 };

/**
 * Arms a watch that starts at the next click and records when `text`'s line is in the log's view. A string,
 * not a function: tsx would wrap the inner functions' names in a helper the page does not have.
 */
function armWatch(page: Page, text: string) {
  return page.evaluate(`(() => {
    window.logShownMs = undefined;
    const lineText = ${JSON.stringify(text)};
    const inView = () => {
      const box = document.querySelector('[role="dialog"] [role="log"]');
      if (!box) return false;
      const line = [...box.querySelectorAll('[data-seq]')].find((el) => el.textContent.includes(lineText));
      if (!line) return false;
      const outer = box.getBoundingClientRect();
      const inner = line.getBoundingClientRect();
      return inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1;
    };
    document.addEventListener('click', () => {
      const clicked = performance.now();
      const frame = () => {
        if (inView()) window.logShownMs = performance.now() - clicked;
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    }, { capture: true, once: true });
  })()`);
}

/** Signs the partner in, opens the tasks list and times the log dialog of the set `set`, twice. */
export async function openLogTimes(
  context: BrowserContext,
  server: RunningServer,
  set: string,
  { lastLine }: { lastLine: number },
): Promise<DialogTimes> {
  const page = await context.newPage();
  await loginPage(page, server.url).open();
  await loginPage(page, server.url).signIn(server.partner.email, server.partner.password);
  await page.waitForURL(/\/releases$/, UI);
  const tasks = tasksPage(page, server.url);
  await tasks.open('my');
  await tasks.row(set).first().waitFor(UI);
  const timeOnce = async () => {
    await armWatch(page, bigLogLine(lastLine));
    await tasks.openLog(set);
    const handle = await page.waitForFunction(
      () => (window as unknown as { logShownMs?: number }).logShownMs,
      undefined,
      UI,
    );
    const ms = Number(await handle.jsonValue());
    await page.keyboard.press('Escape');
    await tasks.logDialog().waitFor({ state: 'hidden', ...UI });
    return ms;
  };
  const coldMs = await timeOnce();
  const warmMs = await timeOnce();
  return { coldMs, warmMs };
}
