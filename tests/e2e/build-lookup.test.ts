import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiSession } from './support/api';
import { buildsDone, submitBuild } from './support/builds';
import { consoleUnderTest } from './support/fixture';
import { screenshot } from './support/screenshot';

// Issue 17: an admin finds a partner's build by its uuid and sees the active sets over all partners (item 3);
// the build's history keeps its first run after a rebuild, with the agent that built it (item 1), and its
// file (issue 37).
const e2e = consoleUnderTest();

const SET_NAME = 'Lookup farm 3';
const UI = { timeout: 30_000 };
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 60_000, interval: 500 });

async function statusOf(api: ApiSession, id: number): Promise<string> {
  const tasks = await api.call<{ id: number; status: string }[]>('GET', '/client/firmware/tasks');
  return tasks.find((task) => task.id === id)?.status ?? 'missing';
}

const signedIn = (width: number, locale: string, account: { email: string; password: string }) =>
  e2e.signedIn(account, { viewport: { width, height: 900 }, locale });

describe('build lookup, active builds and history', () => {
  /**
   * The partner's build every test reads, made and built before them (issue 40: the admin's tests found the
   * build the first test made, and failed when they ran before it).
   */
  let build: { id: number; uuid: string; group_id: number };
  beforeAll(async () => {
    const partner = await apiSession(e2e.server.url, e2e.server.partner);
    build = (await submitBuild(partner, SET_NAME)) as typeof build;
    await buildsDone(partner, [build.id]);
  }, 300_000);

  it('a partner rebuilds a build and its history keeps run 1 with its agent', {
    timeout: 240_000,
  }, async () => {
    const partner = await apiSession(e2e.server.url, e2e.server.partner);
    await partner.call('POST', `/client/firmware/firmwares/rebuild?firmware_id=${build.id}`);
    await eventually(() => statusOf(partner, build.id)).toBe('done');

    const { context, page } = await signedIn(768, 'en-US', e2e.server.partner);
    await page.goto(`${e2e.server.url}/tasks?tab=my`);
    const row = page.getByRole('row').filter({ hasText: SET_NAME });
    await row.getByRole('button', { name: /^Actions: / }).click();
    await page.getByRole('menuitem', { name: 'History' }).click();
    const dialog = page.getByRole('dialog', { name: /^Build history/ });
    await dialog.getByRole('listitem', { name: 'Run 2' }).waitFor(UI);
    const first = dialog.getByRole('listitem', { name: 'Run 1' });
    await expect.poll(() => first.textContent()).toMatch(/Done/);
    // The embedded agent built both runs; run 1 still names it and has its digest.
    expect(await first.textContent()).toMatch(/Agent.*embedded/i);
    expect(await first.textContent()).toMatch(/[0-9a-f]{64}/);
    // Issue 37: run 1's own file is still offered, and downloads as run 1.
    const file = first.getByRole('link', { name: 'Download firmware' });
    const href = await file.getAttribute('href');
    expect(href).toBe(`/api/files/firmwares/${build.uuid}?run=1`);
    const download = await fetch(`${e2e.server.url}${href}`);
    expect([download.status, download.headers.get('x-build-run')]).toEqual([200, '1']);
    expect(await first.getByRole('link', { name: 'Attestation' }).getAttribute('href')).toBe(
      `/api/files/firmwares/${build.uuid}/attestation?run=1`,
    );
    screenshot(page, 'history-dialog-768', true);
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    // The set page's build menu has it too.
    await page.goto(`${e2e.server.url}/firmwares/${build.group_id}`);
    await page
      .getByRole('button', { name: /^Actions of build/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'History' }).click();
    await page
      .getByRole('dialog', { name: /^Build history/ })
      .getByRole('listitem', { name: 'Run 1' })
      .waitFor(UI);
    screenshot(page, 'history-from-set-768', true);
    await context.close();
  });

  for (const [locale, labels] of [
    [
      'en-US',
      { find: 'Find build', submit: 'Find', uuid: 'Build uuid', active: 'Active builds', owner: 'Owner' },
    ],
    [
      'ru-RU',
      {
        find: 'Найти сборку',
        submit: 'Найти',
        uuid: 'uuid сборки',
        active: 'Активные сборки',
        owner: 'Владелец',
      },
    ],
  ] as const) {
    it(`an admin finds the build by uuid and sees the active sets (${locale}, 768 px)`, {
      timeout: 180_000,
    }, async () => {
      const { context, page } = await signedIn(768, locale, e2e.server.admin);
      const tag = locale.slice(0, 2);
      // The sidebar is closed at 768 px: the entries are in the menu behind the toggle.
      await page.goto(`${e2e.server.url}/find-build`);
      await page.getByRole('heading', { name: labels.find }).waitFor(UI);
      await page.getByLabel(labels.uuid).first().fill('not-a-uuid');
      await page.getByRole('button', { name: labels.submit, exact: true }).click();
      await page
        .getByText(tag === 'en' ? 'Invalid uuid' : 'Неверный UUID')
        .first()
        .waitFor(UI);

      await page.getByLabel(labels.uuid).first().fill(build.uuid.toUpperCase());
      await page.getByRole('button', { name: labels.submit, exact: true }).click();
      const card = page.getByTestId('found-build');
      await card.waitFor(UI);
      expect(await card.textContent()).toContain(e2e.server.partner.email);
      expect(await card.textContent()).toContain(SET_NAME);
      expect(await card.textContent()).toContain(build.uuid);
      expect(await card.getByText(labels.owner).count()).toBe(1);
      screenshot(page, `find-build-768-${tag}`, true);

      await page.goto(`${e2e.server.url}/active-builds`);
      await page.getByRole('heading', { name: labels.active }).waitFor(UI);
      const row = page.getByRole('row').filter({ hasText: SET_NAME });
      await row.waitFor(UI);
      expect(await row.textContent()).toContain(e2e.server.partner.email);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(768);
      screenshot(page, `active-builds-768-${tag}`, true);
      await context.close();
    });
  }

  it('puts both pages in the admin menu', { timeout: 120_000 }, async () => {
    const { context, page } = await signedIn(1366, 'en-US', e2e.server.admin);
    await page.getByRole('menuitem', { name: 'Find build' }).click();
    await page.waitForURL(/\/find-build$/, UI);
    await page.getByRole('menuitem', { name: 'Active builds' }).click();
    await page.waitForURL(/\/active-builds$/, UI);
    await page.getByRole('row').filter({ hasText: SET_NAME }).waitFor(UI);
    await context.close();
  });
});
