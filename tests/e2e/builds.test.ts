import { describe, expect, it } from 'vitest';
import { newVisitor } from './support/browser';
import { consoleUnderTest } from './support/fixture';
import { loginPage } from './support/pages';
import { screenshot } from './support/screenshot';
import { buildForm, linksPage, setPage, setsPage, solidPng } from './support/setsPages';

const e2e = consoleUnderTest();

const SET_NAME = 'North farm 7';

/** Page loads, lazy chunks and data take more than expect.poll's default second. */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000 });

describe('sets and builds', () => {
  it('a partner creates a set, builds firmware with two fee pools and a custom logo, and shares its link', async () => {
    const context = await newVisitor(e2e.browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
    const page = await context.newPage();
    await loginPage(page, e2e.server.url).open();
    await loginPage(page, e2e.server.url).signIn(e2e.server.partner.email, e2e.server.partner.password);
    await page.waitForURL(/\/releases$/);

    const sets = setsPage(page, e2e.server.url);
    await sets.open();
    await eventually(() => sets.count().textContent()).toBe('0');
    await sets.createSet(SET_NAME, 'S19 rigs of the north hall');

    const set = setPage(page);
    await set.openBuildForm();
    const form = buildForm(page);
    // The DevFee worker comes from the set's name, its fee is 2.
    await eventually(() =>
      form
        .pool('devfee_pool_config')
        .getByLabel(/^Worker/)
        .inputValue(),
    ).toBe('Northfarm7');
    await eventually(() =>
      form
        .pool('devfee_pool_config')
        .getByLabel(/^Fee, %/)
        .inputValue(),
    ).toBe('2');

    // Nothing chosen yet: the form says what is missing, with the spec's messages.
    await form.submit();
    await eventually(() => page.getByText('Model series is required').isVisible()).toBe(true);
    await eventually(() => page.getByText('Pool is required').isVisible()).toBe(true);

    await form.series('x19');
    await form.model('S19');
    await form.platform('amlogic');
    await form.installType('nand');
    // The newest stable release of the series is picked for a partner.
    await eventually(async () => (await form.release().textContent())?.trim() ?? '').toMatch(/stable/);
    await form.license('Europe · EU Standard');
    await form.fillPool('devfee_pool_config', {
      url: 'stratum+tcp://btc.f2pool.com:1314',
      account: 'northfarm',
      worker: 'Northfarm7',
      fee: '2',
    });
    await form.addFeePool(0, {
      alias: 'main',
      url: 'not a pool',
      account: 'mainacc',
      worker: 'rig01',
      fee: '1.5',
    });
    await form.addFeePool(1, {
      alias: 'backup',
      url: 'stratum+tcp://ss.antpool.com:3333',
      account: 'backupacc',
      worker: 'rig02',
      fee: '0.75',
    });
    await form.customLogo(
      { name: 'light.png', mimeType: 'image/png', buffer: solidPng(32, [30, 111, 217]) },
      { name: 'dark.png', mimeType: 'image/png', buffer: solidPng(32, [106, 168, 255]) },
    );
    await eventually(() => page.getByText('Total fee: 4.25%').isVisible()).toBe(true);
    await form.submit();
    // A bad pool url is refused before anything is sent.
    await eventually(() => page.getByText('Must be a valid url').isVisible()).toBe(true);
    screenshot(page, 'builds-form-invalid', true);
    await form
      .pool('fee_pools_configs.0')
      .getByLabel(/^Pool url/)
      .fill('stratum+tcp://btc.viabtc.io:3333');
    await form.submit();

    await page.waitForURL(/\/firmwares\/\d+$/);
    const row = set.buildRow('S19');
    await eventually(() => row.count()).toBe(1);
    await eventually(() =>
      row
        .getByText(/^(pending|in progress|done)/)
        .first()
        .isVisible(),
    ).toBe(true);
    screenshot(page, 'builds-set-page');

    // The set's shared link goes to the clipboard.
    await set.copySetLink();
    await eventually(() => page.getByText('Copied to clipboard').isVisible()).toBe(true);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`/links/${encodeURIComponent(SET_NAME)}\\?uuid=[0-9a-f-]{36}$`));
    // A build's own link is its download address.
    await row.getByRole('button', { name: /^Copy link: S19/ }).click();
    await eventually(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /\/api\/files\/firmwares\/[0-9a-f-]{36}$/,
    );
    await context.close();

    // Anyone with the link, signed out, sees the set's build.
    const visitor = await newVisitor(e2e.browser);
    const guest = await visitor.newPage();
    await guest.goto(link);
    const shared = linksPage(guest);
    await eventually(() => shared.rows().count()).toBe(1);
    await eventually(() => shared.rows().first().getByText('S19', { exact: true }).isVisible()).toBe(true);
    await eventually(() => guest.getByText(SET_NAME).first().isVisible()).toBe(true);
    screenshot(guest, 'builds-links-page');
    // Once built, the file downloads by its uuid.
    await eventually(() => shared.rows().first().getByText('done').isVisible()).toBe(true);
    const href = await shared
      .rows()
      .first()
      .getByRole('link', { name: 'Download: S19' })
      .getAttribute('href');
    const file = await fetch(new URL(href ?? '', e2e.server.url));
    expect(file.status).toBe(200);

    // A malformed uuid says so.
    await guest.goto(`${e2e.server.url}/links/${encodeURIComponent(SET_NAME)}?uuid=not-a-uuid`);
    await eventually(() => guest.getByText(/This link is not valid/).isVisible()).toBe(true);
    await visitor.close();
  });
});
