import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { queueHeld, submitBuild } from './support/builds';
import { consoleUnderTest } from './support/fixture';
import { screenshot } from './support/screenshot';
import { agentsPage, tasksPage } from './support/taskPages';

const e2e = consoleUnderTest();

/** Waits of the UI (a list load, a toast) on a busy machine. */
const UI = { timeout: 15_000 };

const signedIn = (account: { email: string; password: string }) => e2e.signedIn(account);

describe('build agents and live tasks', () => {
  it('an admin adds an agent, sees its token once and then only its prefix, and deletes it', async () => {
    const { context, page } = await signedIn(e2e.server.admin);
    const agents = agentsPage(page, e2e.server.url);
    await agents.open();
    const token = await agents.add('e2e-builder');
    expect(token.length).toBeGreaterThan(20);
    await expect.poll(() => page.getByText('Agent was added').isVisible(), UI).toBe(true);
    expect(await agents.tokenDialog().getByText(`--token ${token}`).isVisible()).toBe(true);
    screenshot(page, 'agents-token-once');

    await agents.closeToken();
    const row = agents.row('e2e-builder');
    await expect.poll(() => row.getByText(`${token.slice(0, 8)}…`).isVisible(), UI).toBe(true);
    expect(await page.content()).not.toContain(token);
    await page.reload();
    await expect.poll(() => agents.row('e2e-builder').isVisible(), UI).toBe(true);
    expect(await page.content()).not.toContain(token);
    screenshot(page, 'agents-list');

    // A new token replaces the old one, shown once too.
    const renewed = await agents.regenerate('e2e-builder');
    expect(renewed.length).toBeGreaterThan(20);
    expect(renewed).not.toBe(token);
    await agents.closeToken();
    await expect
      .poll(
        () =>
          agents
            .row('e2e-builder')
            .getByText(`${renewed.slice(0, 8)}…`)
            .isVisible(),
        UI,
      )
      .toBe(true);
    expect(await page.content()).not.toContain(renewed);

    await agents.remove('e2e-builder');
    await expect.poll(() => page.getByText('Agent deleted').isVisible(), UI).toBe(true);
    await expect.poll(() => agents.row('e2e-builder').count(), UI).toBe(0);
    await context.close();
  });

  it('the demo partner watches a build reach 100 % on /tasks and downloads the file', {
    timeout: 240_000,
  }, async () => {
    // The agent waits (blocked) until the partner has seen the build queued.
    const { partnerApi, unblock } = await queueHeld(e2e.server);
    const build = await submitBuild(partnerApi, 'E2E Farm');
    const { context, page } = await signedIn(e2e.server.partner);
    const tasks = tasksPage(page, e2e.server.url);
    await page.getByRole('link', { name: /My tasks/ }).click();
    await page.waitForURL(/\/tasks\?tab=my$/);
    const row = tasks.row(build.uuid.slice(0, 8));
    await expect.poll(() => row.getByText('#1 in queue').isVisible(), UI).toBe(true);
    await expect
      .poll(
        () =>
          page
            .getByRole('link', { name: /My tasks/ })
            .getByLabel('Pending: 1')
            .isVisible(),
        UI,
      )
      .toBe(true);
    screenshot(page, 'tasks-partner-queued');
    await unblock();
    // Partners have no socket: the 5 s polling brings the progress.
    await expect
      .poll(() => row.getByText('Done', { exact: true }).isVisible(), { timeout: 120_000, interval: 1000 })
      .toBe(true);
    expect(await row.getByText('100%').isVisible()).toBe(true);
    screenshot(page, 'tasks-partner-done');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: 'Download' }).click(),
    ]);
    const file = join(e2e.server.dataDir, 'e2e-download.tar.gz');
    await download.saveAs(file);
    expect((await stat(file)).size).toBeGreaterThan(0);
    await context.close();
  });

  it('a partner cancels a queued build', async () => {
    const { partnerApi, unblock } = await queueHeld(e2e.server);
    try {
      const build = await submitBuild(partnerApi, 'E2E Cancel');
      const { context, page } = await signedIn(e2e.server.partner);
      const tasks = tasksPage(page, e2e.server.url);
      await tasks.open('my');
      const row = tasks.row(build.uuid.slice(0, 8));
      await expect.poll(() => row.getByText('Pending', { exact: true }).isVisible(), UI).toBe(true);
      await tasks.rowAction(build.uuid.slice(0, 8), /^Cancel build$/);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel build' }).click();
      await expect.poll(() => row.getByText('Cancelled', { exact: true }).isVisible(), UI).toBe(true);
      await row.getByRole('button', { name: /^Actions: / }).click();
      expect(await page.getByRole('menuitem', { name: 'Cancel build' }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await context.close();
    } finally {
      await unblock();
    }
  });

  it('an admin opens the log of a waiting build and sees its lines arrive live, each once', {
    timeout: 300_000,
  }, async () => {
    // The embedded agent is blocked while the build is queued and the dialog opens, so every line comes live.
    const { partnerApi, unblock } = await queueHeld(e2e.server);
    const build = await submitBuild(partnerApi, 'E2E Live');

    const { context, page } = await signedIn(e2e.server.admin);
    const frames: string[] = [];
    page.on('websocket', (ws) => ws.on('framereceived', (frame) => frames.push(String(frame.payload))));
    const tasks = tasksPage(page, e2e.server.url);
    await tasks.open('all');
    const row = tasks.row(build.uuid.slice(0, 8));
    await expect.poll(() => row.getByText('Pending', { exact: true }).isVisible(), UI).toBe(true);
    await tasks.openLog(build.uuid.slice(0, 8));
    await expect.poll(() => tasks.logDialog().getByText('Live', { exact: true }).isVisible(), UI).toBe(true);
    expect(await tasks.logLines().count()).toBe(0);

    await unblock();
    await expect.poll(() => tasks.logLines().count(), { timeout: 120_000 }).toBeGreaterThan(0);
    screenshot(page, 'tasks-admin-live-log');
    await expect
      .poll(() => tasks.logDialog().getByText('100%').isVisible(), { timeout: 120_000, interval: 500 })
      .toBe(true);
    const live = frames
      .map((f) => JSON.parse(f) as { fw_id: number; type: string })
      .filter((m) => m.fw_id === build.id && m.type === 'log_build');
    expect(live.length).toBeGreaterThan(0);

    // Every stored line shown once, in order.
    const stored = await partnerApi.call<{ lines: { seq: number }[] }>(
      'GET',
      `/client/firmware/firmwares/${build.id}/log`,
    );
    await expect
      .poll(
        () => tasks.logLines().evaluateAll((lines) => lines.map((l) => Number(l.getAttribute('data-seq')))),
        UI,
      )
      .toEqual(stored.lines.map((l) => l.seq));
    expect(live.length).toBe(stored.lines.length);
    screenshot(page, 'tasks-admin-log-done');
    await context.close();
  });
});
