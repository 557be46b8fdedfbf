// The sign-in page is the first download of every visitor (issue 14: ≤ 120 KB on the wire). It is drawn
// without MUI and react-router; these check what that must not cost: its links, the browser's back button,
// signing in, its look in Russian and dark at 768 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_MARKS, FIRST_PAGE_TIMEOUT_MS } from '../../src/boot/firstPageDrawn';
import { consoleUnderTest } from './support/fixture';
import { loginPage } from './support/pages';
import { screenshot } from './support/screenshot';

const e2e = consoleUnderTest();
/** Long enough for a chunk and a password check on a loaded 2-core machine. */
const WAIT = { timeout: 15_000 };

/** The bytes each response of `page` came with (compressed as sent, headers included), by URL. */
async function wireLog(page: Page) {
  const session = await page.context().newCDPSession(page);
  const urls = new Map<string, string>();
  const bytes = new Map<string, number>();
  session.on('Network.responseReceived', (event) => urls.set(event.requestId, event.response.url));
  session.on('Network.loadingFinished', (event) =>
    bytes.set(urls.get(event.requestId) ?? event.requestId, event.encodedDataLength),
  );
  await session.send('Network.enable');
  return bytes;
}

/** Signs `account` in through the sign-in page and waits for the console's home, /releases. */
async function signInToReleases(page: Page, account: { email: string; password: string }) {
  await loginPage(page, e2e.server.url).open();
  await loginPage(page, e2e.server.url).signIn(account.email, account.password);
  await page.waitForURL(/\/releases$/);
}

/** /firmwares' list of sets, or its empty state: what the page draws first. */
const setsOrNone = (page: Page) => page.getByText('No sets yet').or(page.getByRole('list', { name: 'sets' }));

/** The demo admin's signed-in storage (its session), for a fresh context: a cold cache, signed in. */
async function adminSignedIn() {
  const signIn = await e2e.browser.newContext();
  await signInToReleases(await signIn.newPage(), e2e.server.admin);
  const storageState = await signIn.storageState();
  await signIn.close();
  return storageState;
}

/** A 768 px browser with the demo partner signed in, on /releases once its lists are in. */
async function partnerOnReleases() {
  const context = await e2e.browser.newContext({ viewport: { width: 768, height: 900 } });
  const page = await context.newPage();
  // The live socket opens once the browser is idle, which a busy machine puts off past the network's quiet: wait
  // for it, so that a test's own listeners never count the releases page's socket as its page's (CI, stop 45).
  const socket = page.waitForEvent('websocket', { timeout: 60_000 });
  await signInToReleases(page, e2e.server.partner);
  await socket;
  await page.waitForLoadState('networkidle');
  return { context, page };
}

describe('the sign-in page', () => {
  it('downloads at most 120 KB on the wire with a cold cache, the console and its router not among it', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const bytes = await wireLog(page);
    await loginPage(page, e2e.server.url).open();
    await loginPage(page, e2e.server.url).email().waitFor();
    await page.waitForLoadState('networkidle');
    const total = [...bytes.values()].reduce((sum, n) => sum + n, 0);
    const scripts = [...bytes.keys()].filter((url) => url.endsWith('.js'));
    expect(
      scripts.some((url) => /\/(RoutedPages|App)-[\w-]+\.js$/.test(url)),
      scripts.join('\n'),
    ).toBe(false);
    expect(total / 1024).toBeLessThanOrEqual(120);
    await context.close();
  });

  it('signs in to /releases with at most 300 KB more on the wire, in a score of script files, not forty', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    const bytes = await wireLog(page);
    await loginPage(page, e2e.server.url).open();
    await loginPage(page, e2e.server.url).email().waitFor();
    await page.waitForLoadState('networkidle');
    const before = new Set(bytes.keys());
    await loginPage(page, e2e.server.url).signIn(e2e.server.admin.email, e2e.server.admin.password);
    await page.waitForURL(/\/releases$/);
    await expect.poll(() => page.getByRole('table').first().isVisible(), WAIT).toBe(true);
    await page.waitForLoadState('networkidle');
    const after = [...bytes.entries()].filter(([url]) => !before.has(url));
    const scripts = after.map(([url]) => url).filter((url) => url.endsWith('.js'));
    // Over HTTP/1.1 a browser opens six connections to a host: forty small chunks queue for round trips.
    expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(20);
    expect(after.reduce((sum, [, n]) => sum + n, 0) / 1024).toBeLessThanOrEqual(300);
    await context.close();
  });

  // Issue 14: react-admin's <Admin> and <List> brought its own sign-in form and filter form (react-hook-form, MUI's
  // text fields) into every signed-in page's first download: /firmwares opened cold took 364 KB
  // (2026-11-26).
  it('opens /firmwares signed in with a cold cache in at most 340 KB on the wire', async () => {
    const storageState = await adminSignedIn();
    const context = await e2e.browser.newContext({ storageState });
    const page = await context.newPage();
    const bytes = await wireLog(page);
    // The shell's chunk is evaluated before the console's, but both are fetched at once, and the page's chunk with them
    // (src/boot/consoleChunks.ts).
    const events: string[] = [];
    page.on('request', (r) => events.push(`asked ${new URL(r.url()).pathname}`));
    page.on('requestfinished', (r) => events.push(`got ${new URL(r.url()).pathname}`));
    await page.goto(`${e2e.server.url}/firmwares`);
    const sets = setsOrNone(page);
    await expect.poll(() => sets.isVisible(), WAIT).toBe(true);
    await page.waitForLoadState('networkidle');
    const total = [...bytes.values()].reduce((sum, n) => sum + n, 0) / 1024;
    expect(total, [...bytes.keys()].join('\n')).toBeLessThanOrEqual(340);
    const at = (pattern: RegExp) => events.findIndex((e) => pattern.test(e));
    expect(at(/^asked \/assets\/App-/), events.join('\n')).toBeGreaterThan(-1);
    expect(at(/^asked \/assets\/App-/), events.join('\n')).toBeLessThan(at(/^got \/assets\/Layout-/));
    // The page's own code too, not only once the console has been evaluated (a round trip later on a slow network).
    expect(at(/^asked \/assets\/SetList-/), events.join('\n')).toBeGreaterThan(-1);
    expect(at(/^asked \/assets\/SetList-/), events.join('\n')).toBeLessThan(at(/^got \/assets\/App-/));
    // The routed pages are evaluated in stages (react-router, then MUI's styling core, then their own chunk), and
    // fetched at once all the same: not a round trip per stage.
    expect(at(/^got \/assets\/reactRouter-/), events.join('\n')).toBeGreaterThan(-1);
    expect(at(/^asked \/assets\/RoutedPages-/), events.join('\n')).toBeLessThan(
      at(/^got \/assets\/reactRouter-/),
    );
    expect(at(/^asked \/assets\/RoutedPages-/), events.join('\n')).toBeLessThan(
      at(/^got \/assets\/muiStyles-/),
    );
    await context.close();
  });

  // Issue 14 (session 21): a cold /firmwares' Lighthouse LCP is the time its chunks take to download. Three
  // libraries came along that it never runs: react-admin's CSV library (jsonexport, its default exporter's), every
  // TypeBox format check (for the one e-mail check of contract/rules/account.ts) and an Object.entries shim.
  // Session 22: react-router's data router, which react-admin makes only outside a router (the console has one).
  it('opens /firmwares signed in without code it does not run: no CSV library, format registry, shim or data router', async () => {
    const storageState = await adminSignedIn();
    const context = await e2e.browser.newContext({ storageState });
    const page = await context.newPage();
    const scripts = new Map<string, Promise<string>>();
    page.on('response', (response) => {
      // A body still arriving when the test ends (and closes the page) is not an error of its own.
      if (response.url().endsWith('.js'))
        scripts.set(
          response.url(),
          response.text().catch(() => ''),
        );
    });
    await page.goto(`${e2e.server.url}/firmwares`);
    const sets = setsOrNone(page);
    await expect.poll(() => sets.isVisible(), WAIT).toBe(true);
    await page.waitForLoadState('networkidle');
    const carrying = async (marker: string) => {
      const found: string[] = [];
      for (const [url, text] of scripts) if ((await text).includes(marker)) found.push(url);
      return found;
    };
    expect(scripts.size).toBeGreaterThan(5);
    // jsonexport's option name, TypeBox's IDN host name format, get-intrinsic's intrinsic table, createRouter's check.
    await expect(carrying('headerPathString')).resolves.toEqual([]);
    await expect(carrying('non-empty routes array')).resolves.toEqual([]);
    await expect(carrying('idn-hostname')).resolves.toEqual([]);
    await expect(carrying('%AsyncFromSyncIteratorPrototype%')).resolves.toEqual([]);
    await context.close();
  });

  it("draws a signed-in page's header before the console's code arrives, then the console takes its place", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 768, height: 900 }, locale: 'ru-RU' });
    const page = await context.newPage();
    await signInToReleases(page, e2e.server.partner);
    await expect.poll(() => page.getByRole('table').first().isVisible(), WAIT).toBe(true);
    // A slow network: the console's chunk is held back until the frame has been looked at.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/App-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${e2e.server.url}/firmwares`);
    const title = page.getByRole('heading', { level: 1, name: 'Прошивки' });
    await expect.poll(() => title.isVisible(), WAIT).toBe(true);
    await expect(page.getByText('Ваши наборы прошивок и сборки').isVisible()).resolves.toBe(true);
    await expect(page.locator('.MuiAppBar-root').count()).resolves.toBe(0);
    screenshot(page, 'console-frame-ru-768');
    release();
    await expect.poll(() => page.locator('.MuiAppBar-root').isVisible(), WAIT).toBe(true);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count(), WAIT).toBe(1);
    await expect(title.isVisible()).resolves.toBe(true);
    await context.close();
  });

  // Issue 14: the first page's lists come with the console's code. A render the console starts again (its state
  // made anew) asked for them twice.
  it('opens /firmwares and /releases signed in, asking for each of their lists once', async () => {
    const { context, page } = await partnerOnReleases();
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) asked.push(pathname);
    });
    const times = (path: string) => asked.filter((url) => url === path).length;

    await page.goto(`${e2e.server.url}/firmwares`);
    await page.waitForLoadState('networkidle');
    expect(times('/api/client/firmware/groups'), asked.join('\n')).toBe(1);

    asked.length = 0;
    await page.goto(`${e2e.server.url}/releases`);
    await expect.poll(() => page.getByRole('table').first().isVisible(), WAIT).toBe(true);
    await page.waitForLoadState('networkidle');
    expect([times('/api/client/firmware/series'), times('/api/client/releases')], asked.join('\n')).toEqual([
      1, 1,
    ]);
    await context.close();
  });

  // Issue 14: with React's insertion effects emotion compiled and inserted every new rule inside the commit that
  // attaches the elements, one task (the release rows': ~240 ms under Lighthouse's 4× slowdown on
  // 2026-11-27). The console inserts them while rendering (src/theme/emotionInsertion.ts), in the render's
  // slices: a rule is then in the page before any element with its class is made; in a commit, after.
  it("inserts a signed-in page's styles while rendering it, before the elements they style are made", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 768, height: 900 } });
    await context.addInitScript(() => {
      const made: Element[] = [];
      const insertions = { beforeTheirElements: 0, afterTheirElements: [] as string[] };
      Object.assign(window, { styleInsertions: insertions });
      const createElement = Document.prototype.createElement;
      Document.prototype.createElement = function (
        this: Document,
        ...args: Parameters<Document['createElement']>
      ) {
        const element = createElement.apply(this, args);
        made.push(element);
        return element;
      } as Document['createElement'];
      const insertRule = CSSStyleSheet.prototype.insertRule;
      CSSStyleSheet.prototype.insertRule = function (this: CSSStyleSheet, rule: string, index?: number) {
        const name = /\.(css-[\w-]+)/.exec(rule)?.[1];
        if (name) {
          if (made.some((element) => element.classList.contains(name)))
            insertions.afterTheirElements.push(rule);
          else insertions.beforeTheirElements += 1;
        }
        return insertRule.call(this, rule, index);
      };
    });
    const page = await context.newPage();
    await signInToReleases(page, e2e.server.partner);
    await expect.poll(() => page.getByRole('table').first().isVisible(), WAIT).toBe(true);
    await page.waitForLoadState('networkidle');
    const insertions = await page.evaluate(
      () =>
        (
          window as unknown as {
            styleInsertions: { beforeTheirElements: number; afterTheirElements: string[] };
          }
        ).styleInsertions,
    );
    // The shell, the menu, the release rows: hundreds of rules, none after the elements they style.
    expect(insertions.beforeTheirElements).toBeGreaterThan(100);
    expect(insertions.afterTheirElements).toEqual([]);
    await context.close();
  });

  // Issue 14: the first comparison of text loads ICU's collation data (~15–20 ms on 2026-11-27). It came with
  // the miner models' answer, sorted in the browser, and made that answer's task a long one; it is loaded
  // before they are asked for.
  it('loads the collation data before asking for the miner models, not with their answer', async () => {
    const context = await e2e.browser.newContext();
    await context.addInitScript(() => {
      const seen = { collation: 0, models: 0 };
      Object.assign(window, { startSeen: seen });
      const Collator = Intl.Collator;
      const note = () => {
        seen.collation ||= performance.now();
      };
      Intl.Collator = new Proxy(Collator, {
        construct(target, args) {
          note();
          return Reflect.construct(target, args);
        },
        apply(target, self, args) {
          note();
          return Reflect.apply(target, self, args);
        },
      });
      const localeCompare = String.prototype.localeCompare;
      String.prototype.localeCompare = function (this: string, ...args: Parameters<string['localeCompare']>) {
        note();
        return localeCompare.apply(this, args);
      };
      const fetch = window.fetch;
      window.fetch = (input, init) => {
        if (String(input instanceof Request ? input.url : input).includes('/firmware/models')) {
          seen.models ||= performance.now();
        }
        return fetch(input, init);
      };
    });
    const page = await context.newPage();
    await signInToReleases(page, e2e.server.partner);
    const startSeen = () =>
      page.evaluate(
        () => (window as unknown as { startSeen: { collation: number; models: number } }).startSeen,
      );
    // The models are asked for once the browser is idle, which a busy machine puts off past the network's quiet.
    await expect.poll(async () => (await startSeen()).models).toBeGreaterThan(0);
    const seen = await startSeen();
    expect(seen.collation).toBeGreaterThan(0);
    expect(seen.collation).toBeLessThan(seen.models);
    await context.close();
  });

  it('asks for the task counters and opens the live socket only once a slow first page is drawn', async () => {
    const { context, page } = await partnerOnReleases();
    // The sets list answers 1.5 s late; the start-up work must not go ahead of it (issue 14), nor wait for it
    // longer than FIRST_PAGE_TIMEOUT_MS. The page's own clock says which happened: on a machine too busy to draw
    // the page within that time the wait ends at its limit, which is the rule too (issue 40: no test may depend
    // on the machine's speed). Before, the test read the order of the browser's events and failed then.
    await page.route('**/api/client/firmware/groups*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.addInitScript(() => {
      const Native = window.WebSocket;
      const openedAt: number[] = [];
      Object.assign(window, { socketsOpenedAt: openedAt });
      window.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          openedAt.push(performance.now());
          super(url, protocols);
        }
      };
    });
    await page.goto(`${e2e.server.url}/firmwares`);
    const timing = () =>
      page.evaluate((marks) => {
        const mark = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? -1;
        const resource = (path: string) =>
          performance
            .getEntriesByType('resource')
            .find((r): r is PerformanceResourceTiming => new URL(r.name).pathname === path);
        return {
          watching: mark(marks.watching),
          drawn: mark(marks.drawn),
          timedOut: mark(marks.timedOut),
          setsAnswered: resource('/api/client/firmware/groups')?.responseEnd ?? -1,
          countersAsked: resource('/api/client/firmware/tasks/status')?.startTime ?? -1,
          socketOpened: (window as unknown as { socketsOpenedAt: number[] }).socketsOpenedAt[0] ?? -1,
        };
      }, FIRST_PAGE_MARKS);
    await expect
      .poll(async () => {
        const t = await timing();
        return t.countersAsked > 0 && t.socketOpened > 0;
      }, WAIT)
      .toBe(true);
    const t = await timing();
    const waitEnded = t.drawn >= 0 ? t.drawn : t.timedOut;
    expect(t.watching, JSON.stringify(t)).toBeGreaterThan(0);
    expect(waitEnded, JSON.stringify(t)).toBeGreaterThan(t.watching);
    expect(t.countersAsked, JSON.stringify(t)).toBeGreaterThanOrEqual(waitEnded);
    expect(t.socketOpened, JSON.stringify(t)).toBeGreaterThanOrEqual(waitEnded);
    if (t.drawn >= 0) expect(t.drawn, JSON.stringify(t)).toBeGreaterThanOrEqual(t.setsAnswered);
    else
      expect(t.timedOut - t.watching, JSON.stringify(t)).toBeGreaterThanOrEqual(FIRST_PAGE_TIMEOUT_MS - 50);
    await context.close();
  });

  // Issue 14 (session 21): the first page counted as drawn once the shell's header was and no read was in flight.
  // Its list read was already in (asked for with the console's code), so in 5 of 8 cold loads the start-up work
  // (the miner models, the task counters) went out before the sets were drawn, and Lighthouse's simulated LCP
  // then waited for their answers too.
  it("asks for the miner models and task counters only once a cold first page's sets are drawn", async () => {
    const storageState = await adminSignedIn();
    for (let round = 0; round < 3; round++) {
      const context = await e2e.browser.newContext({ storageState, viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const sets = { drawnAt: -1 };
        Object.assign(window, { sets });
        new MutationObserver(() => {
          const list = document.querySelector('[role="list"][aria-label="sets"]');
          if (sets.drawnAt < 0 && (list || document.body?.textContent?.includes('No sets yet')))
            sets.drawnAt = performance.now();
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(`${e2e.server.url}/firmwares`);
      const askedAt = (path: string) =>
        page.evaluate(
          (p) =>
            performance.getEntriesByType('resource').find((r) => new URL(r.name).pathname === p)?.startTime ??
            -1,
          path,
        );
      await expect.poll(() => askedAt('/api/client/firmware/models'), WAIT).toBeGreaterThan(0);
      await expect.poll(() => askedAt('/api/client/firmware/tasks/status'), WAIT).toBeGreaterThan(0);
      const drawnAt = await page.evaluate(
        () => (window as unknown as { sets: { drawnAt: number } }).sets.drawnAt,
      );
      const asked = [
        await askedAt('/api/client/firmware/models'),
        await askedAt('/api/client/firmware/tasks/status'),
      ];
      expect(drawnAt, `round ${round}: models and counters asked at ${asked.join(', ')} ms`).toBeGreaterThan(
        0,
      );
      expect(Math.min(...asked), `round ${round}: sets drawn at ${drawnAt} ms`).toBeGreaterThan(drawnAt);
      await context.close();
    }
  });

  it('follows its links and the back button, then signs in to the console', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    await loginPage(page, e2e.server.url).open();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Forgot password' }).isVisible(), WAIT)
      .toBe(true);
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.waitForURL(/\/login$/);
    await page.goBack();
    await page.waitForURL(/\/forgot-password$/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Forgot password' }).isVisible(), WAIT)
      .toBe(true);
    await page.goBack();
    await page.waitForURL(/\/login$/);
    await loginPage(page, e2e.server.url).signIn(e2e.server.partner.email, e2e.server.partner.password);
    await page.waitForURL(/\/releases$/);
    await expect.poll(() => page.getByRole('table').first().isVisible(), WAIT).toBe(true);
    await context.close();
  });

  it('reads in Russian and dark at 768 px, with its field errors and the server message', async () => {
    const context = await e2e.browser.newContext({
      viewport: { width: 768, height: 900 },
      locale: 'ru-RU',
      colorScheme: 'dark',
    });
    const page = await context.newPage();
    await loginPage(page, e2e.server.url).open();
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect.poll(() => page.getByText('Укажите эл. почту').isVisible(), WAIT).toBe(true);
    const background = await page.evaluate(
      () => getComputedStyle(document.querySelector('main') as Element).backgroundColor,
    );
    const [r, g, b] = background.match(/\d+/g)?.map(Number) ?? [255, 255, 255];
    expect(r + g + b).toBeLessThan(200);
    await loginPage(page, e2e.server.url).signIn(e2e.server.admin.email, 'wrong-password');
    await expect
      .poll(
        () => page.getByRole('alert').filter({ hasText: 'Incorrect email or password' }).isVisible(),
        WAIT,
      )
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    screenshot(page, 'sign-in-ru-dark-768');
    await context.close();
  });
});
