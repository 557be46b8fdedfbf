// The live socket in Chromium against the built console (issue 12, finding 2): it ends with the session.
import type { Browser, Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDialog } from './support/accountPages';
import { apiSession } from './support/api';
import { launchBrowser, newVisitor } from './support/browser';
import { loginPage } from './support/pages';
import { type RunningServer, startServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SMTP_URL: '' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const screenshot = (page: Page, name: string) => page.screenshot({ path: `test-results/${name}.png` });
const notice = (page: Page, text: string | RegExp) =>
  page.getByRole('alert', { includeHidden: true }).filter({ hasText: text });
// The socket reconnects after 1 to 5 s (reconnecting-websocket's delay).
const SOON = { timeout: 20_000, interval: 200 };

/** The live sockets the page opened, with the close codes the server sent. */
function watchSockets(page: Page) {
  const sockets: { socket: WebSocket; open: boolean }[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/api/client/ws')) return;
    const entry = { socket, open: true };
    sockets.push(entry);
    socket.on('close', () => {
      entry.open = false;
    });
  });
  return { all: () => sockets, open: () => sockets.filter((s) => s.open).length };
}

describe('the live socket ends with the session', () => {
  it("keeps a developer's console live through their own password change, and signs them out when blocked", async () => {
    const admin = await apiSession(server.url, server.admin);
    const developer = { email: 'dev@example.com', password: 'dev-pass-123' };
    const { id } = await admin.call<{ id: number }>('POST', '/admin/users', {
      ...developer,
      worker: 'devworker',
      is_developer: true,
    });

    const context = await newVisitor(browser);
    const page = await context.newPage();
    const sockets = watchSockets(page);
    await loginPage(page, server.url).open();
    await loginPage(page, server.url).signIn(developer.email, developer.password);
    await page.waitForURL(/\/releases$/);
    await expect.poll(() => sockets.open(), SOON).toBe(1);

    // Their own change ends every older token, this tab's socket included: it comes back with the new one.
    const account = accountDialog(page);
    await account.open();
    await account.changePassword(developer.password, 'dev-pass-456');
    await expect.poll(() => notice(page, 'Password was changed').isVisible(), SOON).toBe(true);
    await expect.poll(() => sockets.all().length, SOON).toBe(2);
    await expect.poll(() => sockets.open(), SOON).toBe(1);
    expect(page.url()).not.toMatch(/\/login$/);
    await account.close();

    // Blocked by an admin elsewhere: the socket closes and the console signs out, saying why.
    await admin.call('PATCH', `/admin/user?user_id=${id}`, { is_blocked: true });
    await page.waitForURL(/\/login$/, { timeout: 20_000 });
    await expect
      .poll(() => notice(page, 'Your session has ended. Please sign in again.').isVisible(), SOON)
      .toBe(true);
    expect(sockets.open()).toBe(0);
    await screenshot(page, 'live-socket-session-ended');
    await context.close();
  });
});
