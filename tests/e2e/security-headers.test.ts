// Issue 12, finding 5: the console runs under its strict Content Security Policy in Chromium without a single
// violation — every public page, every console page of src/main.tsx and src/App.tsx, the dialogs, the logo
// images and their upload previews (blob:), the live socket — and another site cannot frame it.
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { isLiveReady } from '../../contract/live-socket';
import { accountDialog } from './support/accountPages';
import { type ApiSession, apiSession } from './support/api';
import { newVisitor } from './support/browser';
import { consoleUnderTest } from './support/fixture';
import { loginPage, shell } from './support/pages';
import { screenshot } from './support/screenshot';
import { buildForm, linksPage, solidPng } from './support/setsPages';

const e2e = consoleUnderTest();
let partnerApi: ApiSession;
let adminApi: ApiSession;

const UI = { timeout: 20_000 };

beforeAll(async () => {
  [partnerApi, adminApi] = await Promise.all([
    apiSession(e2e.server.url, e2e.server.partner),
    apiSession(e2e.server.url, e2e.server.admin),
  ]);
});

/**
 * A set of the partner's, of the test's own: the public links page of one test lists no build that another
 * test submitted into a shared set (issue 40: it did when the admin's test ran first).
 */
const newSet = (name: string) =>
  partnerApi.call<{ id: number; name: string; link_uuid: string }>('POST', '/client/firmware/groups', {
    name,
  });

/**
 * A visitor whose every CSP violation is collected: the document's `securitypolicyviolation` events (logged
 * by an init script, which CSP does not govern) and Chromium's own console reports.
 */
async function watchedVisitor(): Promise<{ context: BrowserContext; page: Page; violations: string[] }> {
  const context = await newVisitor(e2e.browser);
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|CSP violation/i.test(message.text())) violations.push(message.text());
  });
  return { context, page, violations };
}

/** Proves the watch works: an image from another origin is refused, and the refusal is seen. */
async function expectWatchSeesAViolation(page: Page, violations: string[]) {
  const before = violations.length;
  await page.evaluate(() => {
    const image = new Image();
    image.src = 'http://203.0.113.7/tracker.png';
    document.body.append(image);
  });
  await expect.poll(() => violations.slice(before).join('\n'), UI).toMatch(/img-src/);
  violations.splice(before);
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await loginPage(page, e2e.server.url).open();
  await loginPage(page, e2e.server.url).signIn(account.email, account.password);
  await page.waitForURL(/\/releases$/);
}

/** Opens a page, waits until it shows `ready`, and expects nothing refused on the way. */
async function visit(
  page: Page,
  violations: string[],
  path: string,
  ready: (page: Page) => ReturnType<Page['getByText']>,
) {
  await page.goto(`${e2e.server.url}${path}`);
  await expect.poll(() => ready(page).first().isVisible(), UI).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(new URL(page.url()).pathname, `${path} stayed where it was sent`).toBe(path.split('?')[0]);
  expect(violations, `CSP violations on ${path}`).toEqual([]);
}

/** Every <img> matching `selector` has loaded (a refused image has no width). */
const imagesLoaded = (page: Page, selector: string) =>
  page.$$eval(selector, (images) =>
    images.map((image) => ({
      src: (image as HTMLImageElement).src.slice(0, 60),
      ok: (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
    })),
  );

describe('the console under its Content Security Policy', () => {
  it('sends the policy and refuses to be framed by another site', async () => {
    const { context, page, violations } = await watchedVisitor();
    const res = await page.goto(`${e2e.server.url}/login`);
    const headers = res?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');

    // Another site's page (here: one served from about:blank) frames /login: Chromium refuses to show it.
    const framer = await context.newPage();
    const refusals: string[] = [];
    framer.on('console', (message) => refusals.push(message.text()));
    await framer.setContent(
      `<iframe id="victim" src="${e2e.server.url}/login" width="800" height="600"></iframe>`,
    );
    await expect.poll(() => refusals.join('\n'), UI).toMatch(/frame-ancestors|Refused to (display|frame)/);
    const frame = framer.frames().find((f) => f !== framer.mainFrame());
    expect(await frame?.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
    screenshot(framer, 'csp-framed-login-refused');
    expect(violations).toEqual([]);
    await context.close();
  });

  it('shows every public page without a violation', async () => {
    const SET_NAME = 'CSP Farm';
    const set = await newSet(SET_NAME);
    const { context, page, violations } = await watchedVisitor();
    await visit(page, violations, '/login', (p) => p.getByRole('button', { name: 'Sign in' }));
    await visit(page, violations, '/forgot-password', (p) => p.getByRole('button', { name: 'Send link' }));
    await visit(page, violations, '/reset-password?token=abc', (p) =>
      p.getByRole('button', { name: 'Set password' }),
    );
    await visit(page, violations, '/confirm-email-change?token=abc', (p) =>
      p.getByText('Confirm e-mail change'),
    );
    await visit(page, violations, `/links/${encodeURIComponent(SET_NAME)}?uuid=${set.link_uuid}`, (p) =>
      p.getByText(SET_NAME),
    );
    expect(await linksPage(page).rows().count()).toBe(0);
    await expectWatchSeesAViolation(page, violations);
    await context.close();
  });

  it('renders the API reference (Swagger UI, its own assets) under the same policy without a violation', async () => {
    const { context, page, violations } = await watchedVisitor();
    const res = await page.goto(`${e2e.server.url}/api/reference`);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    // Swagger UI has fetched /api/docs and drawn the document: its title and the operations' tags.
    await expect.poll(() => page.getByText('Firmware console API').first().isVisible(), UI).toBe(true);
    await expect.poll(() => page.locator('.opblock').count(), UI).toBeGreaterThan(5);
    // Opening one operation draws its parameters and its answers' schemas.
    await page.locator('.opblock-summary').first().click();
    await expect.poll(() => page.getByText('Responses').first().isVisible(), UI).toBe(true);
    await page.waitForLoadState('networkidle');
    screenshot(page, 'csp-api-reference');
    expect(violations, 'CSP violations on /api/reference').toEqual([]);
    await expectWatchSeesAViolation(page, violations);
    await context.close();
  });

  it('shows an admin every console page, the dialogs and the live socket without a violation', {
    timeout: 240_000,
  }, async () => {
    const [release] = await adminApi.call<{ id: number }[]>('GET', '/client/releases');
    const partners = await adminApi.call<{ id: number; email: string }[]>('GET', '/admin/users');
    const partner = partners.find((p) => p.email === e2e.server.partner.email);
    const own = await adminApi.call<{ id: number }>('POST', '/client/firmware/groups', {
      name: 'Admin CSP set',
    });
    expect(release && partner).toBeTruthy();

    const { context, page, violations } = await watchedVisitor();
    const frames: string[] = [];
    page.on('websocket', (socket) => {
      if (socket.url().includes('/api/client/ws'))
        socket.on('framereceived', (f) => {
          // The server's `ready` (the socket signed in) carries no build.
          if (!isLiveReady(f.payload)) frames.push(String(f.payload));
        });
    });
    await signIn(page, e2e.server.admin);
    expect(violations).toEqual([]);

    await visit(page, violations, '/releases', (p) => p.getByRole('link', { name: 'New release' }));
    await visit(page, violations, '/releases/create', (p) =>
      p.getByRole('button', { name: 'Save to draft' }),
    );
    await visit(page, violations, `/releases/${release.id}`, (p) => p.getByText(/^Edit release /));
    await visit(page, violations, '/firmwares', (p) => p.getByRole('button', { name: 'New set' }));
    await visit(page, violations, `/firmwares/${own.id}`, (p) => p.getByText('Admin CSP set'));
    await visit(page, violations, `/firmwares/${own.id}/build`, (p) =>
      p.getByRole('button', { name: 'Build firmware' }),
    );
    await visit(page, violations, '/tasks', (p) => p.getByRole('tab', { name: 'All tasks' }));
    await visit(page, violations, '/partners', (p) => p.getByRole('tab', { name: 'License list' }));
    await visit(page, violations, '/partners/create', (p) =>
      p.getByRole('button', { name: 'Create partner' }),
    );
    await visit(page, violations, `/partners/${partner?.id}`, (p) =>
      p.getByText('Leave empty to keep the current password'),
    );
    await visit(page, violations, `/partners/${partner?.id}/show`, (p) => p.getByText('Edit partner'));
    await visit(page, violations, '/agents', (p) => p.getByText('embedded'));
    await visit(page, violations, '/components', (p) => p.getByText('firmware-x19'));
    await visit(page, violations, '/no-such-page', (p) => p.getByText('Page not found'));

    // The account dialog shows the general logo from its public URL.
    const account = accountDialog(page);
    await account.open();
    await expect.poll(() => account.dialog().getByTestId('logo-set').count(), UI).toBe(1);
    await expect
      .poll(() => imagesLoaded(page, '[data-testid="logo-set"] img'), UI)
      .toEqual([expect.objectContaining({ ok: true }), expect.objectContaining({ ok: true })]);
    await account.close();
    await shell(page).openSettings();
    await page.getByRole('button', { name: 'Dark' }).click();
    await shell(page).closePopover();
    expect(violations).toEqual([]);

    // The live socket connects under connect-src 'self' and brings a build's progress as it happens.
    await page.goto(`${e2e.server.url}/tasks`);
    await expect.poll(() => page.getByRole('tab', { name: 'All tasks' }).isVisible(), UI).toBe(true);
    await submitBuild(partnerApi, (await newSet('CSP live set')).id);
    await expect.poll(() => frames.length, { timeout: 120_000, interval: 500 }).toBeGreaterThan(0);
    expect(violations).toEqual([]);
    screenshot(page, 'csp-admin-tasks-live');
    await expectWatchSeesAViolation(page, violations);
    await context.close();
  });

  it('shows a partner their logos, and the previews of images picked for upload (blob:), without a violation', async () => {
    const set = await newSet('CSP logo set');
    const { context, page, violations } = await watchedVisitor();
    await signIn(page, e2e.server.partner);
    const account = accountDialog(page);
    await account.open();
    const dialog = account.dialog();
    const png = (rgb: [number, number, number]) => ({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: solidPng(24, rgb),
    });
    await dialog.getByLabel('Light-theme logo').setInputFiles(png([30, 111, 217]));
    await dialog.getByLabel('Dark-theme logo').setInputFiles(png([106, 168, 255]));
    await expect
      .poll(() => imagesLoaded(page, '[role="dialog"] img[src^="blob:"]'), UI)
      .toEqual([expect.objectContaining({ ok: true }), expect.objectContaining({ ok: true })]);
    await dialog.getByRole('button', { name: 'Upload logos' }).click();
    await expect.poll(() => dialog.getByTestId('logo-set').count(), UI).toBe(2);
    await expect
      .poll(
        async () => (await imagesLoaded(page, '[data-testid="logo-set"] img')).map((image) => image.ok),
        UI,
      )
      .toEqual([true, true, true, true]);
    screenshot(page, 'csp-partner-logos');
    await account.close();

    await visit(page, violations, `/firmwares/${set.id}/build`, (p) =>
      p.getByRole('button', { name: 'Build firmware' }),
    );
    await buildForm(page).customLogo(png([200, 40, 40]), png([40, 200, 40]));
    await expect
      .poll(() => imagesLoaded(page, 'img[src^="blob:"]'), UI)
      .toEqual([expect.objectContaining({ ok: true }), expect.objectContaining({ ok: true })]);
    expect(violations).toEqual([]);
    await expectWatchSeesAViolation(page, violations);
    await context.close();
  });
});

/** One build in the set, submitted as the build form would (the newest stable x19 release). */
async function submitBuild(api: ApiSession, setId: number) {
  const [releases, models, combinations] = await Promise.all([
    api.call<{ id: number; series: string; stage: string; is_draft: boolean }[]>('GET', '/client/releases'),
    api.call<{ name: string; series: string }[]>('GET', '/client/firmware/models'),
    api.call<{ model: string; platform: string; install_type: string }[]>(
      'GET',
      '/client/firmware/model-platform-install_type',
    ),
  ]);
  const release = releases.find((r) => r.series === 'x19' && r.stage === 'stable' && !r.is_draft);
  const x19 = new Set(models.filter((m) => m.series === 'x19').map((m) => m.name));
  const combination = combinations.find((c) => x19.has(c.model));
  if (!release || !combination) throw new Error('the demo data has no stable x19 release or model');
  const pool = { fake_fee: null, hidden: false };
  return api.call('POST', '/client/firmware/firmwares', {
    group_id: setId,
    series: 'x19',
    ...combination,
    release_id: release.id,
    add_license: false,
    fee_pools_configs: [
      {
        ...pool,
        alias: 'DevFee',
        url: 'stratum+tcp://btc.viabtc.io:3333',
        account: 'vendor',
        worker: 'CSPFarm',
        fee: 2,
        type_fee_pool: 'devfee',
      },
      {
        ...pool,
        alias: 'F2Pool',
        url: 'stratum+tcp://btc.f2pool.com:1314',
        account: 'partner.main',
        worker: 'rig001',
        fee: 1.5,
        type_fee_pool: 'fee',
      },
    ],
  });
}
