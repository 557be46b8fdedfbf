import type { Page } from 'playwright-core';
import { expect, onTestFailed } from 'vitest';

/** Per page: the test it was last named in, and the name its failure screenshot gets. */
const named = new WeakMap<Page, { test: string | undefined; name: string; fullPage: boolean }>();

/**
 * Names the state a test has brought `page` to (saved at once when E2E_SHOTS names a folder): if the test then fails, the page as it is at the failure is saved
 * to test-results/<the last name given>.png (if it is still open). A passing test saves nothing: 73 screenshots
 * cost every run tens of seconds (issue 40), and no test compares them with anything.
 */
export function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  // For a look by hand (E2E_SHOTS=folder): every named state is saved as it is named, passing or not. A test
  // that closes the page at once awaits the answer, so that the saving is not cut off.
  const shots = process.env.E2E_SHOTS;
  const saved = shots
    ? page.screenshot({ path: `${shots}/${name}.png`, fullPage, timeout: 10_000 }).then(
        () => {},
        () => {},
      )
    : Promise.resolve();
  const test = expect.getState().currentTestName;
  const earlier = named.get(page);
  named.set(page, { test, name, fullPage });
  if (earlier && earlier.test === test) return saved;
  onTestFailed(async () => {
    const last = named.get(page);
    if (!last || page.isClosed()) return;
    await page
      .screenshot({ path: `test-results/${last.name}.png`, fullPage: last.fullPage, timeout: 10_000 })
      .catch(() => {});
  });
  return saved;
}
