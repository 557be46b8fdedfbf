// The catalogue from the console (issue 17): an admin adds a model and a combination that a partner then
// finds in the build form; an admin blocks a series and partners no longer see it; the page in Russian at 768 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cataloguePage } from './support/cataloguePages';
import { consoleUnderTest } from './support/fixture';
import { loginPage } from './support/pages';
import { screenshot } from './support/screenshot';
import { buildForm, setPage, setsPage } from './support/setsPages';

const e2e = consoleUnderTest();
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000 });

/** The options of a build form combobox, read by opening it. */
async function optionsOf(page: Page, label: RegExp): Promise<string[]> {
  await page.getByRole('combobox', { name: label }).click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  const options = (await listbox.getByRole('option').allTextContents())
    .map((text) => text.trim())
    .filter(Boolean);
  await page.keyboard.press('Escape');
  return options;
}

describe('the catalogue from the console', () => {
  it('an admin adds a model and a combination; a partner builds for it; blocking the series hides it', {
    timeout: 240_000,
  }, async () => {
    const admin = await e2e.signedIn(e2e.server.admin);
    const catalogue = cataloguePage(admin.page, e2e.server.url);
    await catalogue.open();
    await catalogue.tab('Models');
    await catalogue.add({ Name: 'S21 Hyd' }, { Series: 'x21' });
    await eventually(() => admin.page.getByText('Added').isVisible()).toBe(true);
    await eventually(() => catalogue.row('S21 Hyd').count()).toBe(1);

    await catalogue.tab('Combinations');
    await catalogue.add({}, { Model: 'S21 Hyd', Platform: 'cvitek', 'Install type': 'sd' });
    await eventually(() => catalogue.row('S21 Hyd').count()).toBe(1);
    expect(await catalogue.row('S21 Hyd').textContent()).toContain('cvitek');
    screenshot(admin.page, 'catalogue-combinations');

    const partner = await e2e.signedIn(e2e.server.partner);
    const sets = setsPage(partner.page, e2e.server.url);
    await sets.open();
    await sets.createSet('Hydro hall');
    await setPage(partner.page).openBuildForm();
    const form = buildForm(partner.page);
    await form.series('x21');
    await form.model('S21 Hyd');
    await form.platform('cvitek');
    expect(await optionsOf(partner.page, /^Install type/)).toEqual(['sd']);

    // The admin blocks x21: asked first, with what it does.
    await catalogue.tab('Series');
    await catalogue.row('x21').getByRole('button', { name: 'Block' }).click();
    const ask = catalogue.dialog();
    await eventually(() => ask.getByText(/Partners will no longer see series x21/).isVisible()).toBe(true);
    await ask.getByRole('button', { name: /^Block/ }).click();
    await eventually(() => admin.page.getByText('Blocked', { exact: true }).isVisible()).toBe(true);
    await eventually(() => catalogue.row('x21').getByText('blocked').isVisible()).toBe(true);

    await partner.page.reload();
    await eventually(() => optionsOf(partner.page, /^Series/)).not.toContain('x21');
    expect(await optionsOf(partner.page, /^Series/)).toContain('x19');
    await partner.page.goto(`${e2e.server.url}/releases`);
    await eventually(() => partner.page.getByRole('radio', { name: /x19/ }).count()).toBe(1);
    expect(await partner.page.getByRole('radio', { name: /x21/ }).count()).toBe(0);

    // Unblocked, it is back.
    await catalogue.row('x21').getByRole('button', { name: 'Unblock' }).click();
    await catalogue.dialog().getByRole('button', { name: 'Unblock' }).click();
    await partner.page.goto(`${e2e.server.url}/releases`);
    await eventually(() => partner.page.getByRole('radio', { name: /x21/ }).count()).toBe(1);
    await admin.context.close();
    await partner.context.close();
  });

  it('reads in Russian at 768 px, with the impact of a change stated', { timeout: 120_000 }, async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 768, height: 900 }, locale: 'ru-RU' });
    const page = await context.newPage();
    await loginPage(page, e2e.server.url).open();
    await loginPage(page, e2e.server.url).signIn(e2e.server.admin.email, e2e.server.admin.password);
    await page.waitForURL(/\/releases$/);
    await page.goto(`${e2e.server.url}/catalogue`);
    await eventually(() => page.getByRole('tab', { name: 'Серии' }).isVisible()).toBe(true);
    await eventually(() => page.getByRole('row').filter({ hasText: 'x19' }).count()).toBe(1);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    screenshot(page, 'catalogue-ru-768');

    await page
      .getByRole('row')
      .filter({ hasText: 'x19' })
      .getByRole('button', { name: 'Заблокировать' })
      .click();
    await eventually(() => page.getByText(/Партнёры перестанут видеть серию x19/).isVisible()).toBe(true);
    screenshot(page, 'catalogue-ru-768-block');
    await page.getByRole('dialog').getByRole('button', { name: 'Отмена' }).click();

    await page.getByRole('tab', { name: 'Модели' }).click();
    await eventually(() => page.getByRole('row').filter({ hasText: 'S19 Pro' }).count()).toBe(1);
    screenshot(page, 'catalogue-ru-768-models');

    await page.getByRole('tab', { name: 'Репозитории' }).click();
    await eventually(() => page.getByRole('row').filter({ hasText: 'web-ui' }).first().isVisible()).toBe(
      true,
    );
    screenshot(page, 'catalogue-ru-768-repositories');
    await context.close();
  });
});
