import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountDialog, linkFromOutbox, partnersPage } from './support/accountPages';
import { newPartner } from './support/api';
import { newVisitor } from './support/browser';
import { consoleUnderTest } from './support/fixture';
import { loginPage, shell } from './support/pages';
import { screenshot } from './support/screenshot';

// No SMTP_URL: the server writes each e-mail to DATA_DIR/outbox.
const e2e = consoleUnderTest({ SMTP_URL: '' });

// Notices render outside an open dialog, which marks the rest of the page aria-hidden: include hidden alerts.
const notice = (page: Page, text: string | RegExp) =>
  page.getByRole('alert', { includeHidden: true }).filter({ hasText: text });

/** The partner the first test adds in the UI. */
const acme = { email: 'acme@example.com', worker: 'acme_pool', password: 'acme-pass-123' };
const SSH_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl acme@laptop';
const svg = (fill: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60"><rect x="4" y="10" width="40" height="40" rx="8" fill="${fill}"/><text x="56" y="42" font-family="Arial" font-size="30" font-weight="700" fill="${fill}">ACME</text></svg>`,
  );

/**
 * A partner of the test's own, made through the API: each test after the first reads and changes only its own
 * partner, so none relies on the one the first adds in the UI or on a password another changed (issue 40).
 * Its name has no "acme" in it, which the first test's search must find alone.
 */
const ownPartner = (name: string) =>
  newPartner(e2e.server.url, e2e.server.admin, {
    email: `${name}@example.com`,
    worker: `${name}_pool`,
    password: `${name}-pass-123`,
  });

async function signIn(page: Page, email: string, password: string) {
  await loginPage(page, e2e.server.url).open();
  await loginPage(page, e2e.server.url).signIn(email, password);
  await page.waitForURL(/\/releases$/);
}

describe('accounts and partners', () => {
  it('an admin adds a partner with a custom DevFee on x19 and finds it by search', async () => {
    const context = await newVisitor(e2e.browser);
    const page = await context.newPage();
    await signIn(page, e2e.server.admin.email, e2e.server.admin.password);
    await shell(page)
      .menuItem(/^Partners$/)
      .click();
    await page.waitForURL(/\/partners$/);
    const partners = partnersPage(page, e2e.server.url);
    await expect.poll(() => partners.tab(/^Partners\s*\d+$/).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('stat-totalUsers').textContent()).toMatch(/\d/);

    await partners.add({ ...acme, fees: { x19: [1.5, 3] } });
    await expect.poll(() => notice(page, 'Partner acme_pool was added').isVisible()).toBe(true);
    const row = partners.row(acme.email);
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.getByTestId('fee-x19').textContent()).toBe('x191.5% / 3%');

    await partners.search().fill('acme');
    await expect.poll(() => page.getByRole('row').count()).toBe(2); // the header and acme
    await expect.poll(() => partners.row('partner@localhost').count()).toBe(0);
    await expect.poll(() => partners.row(acme.email).isVisible()).toBe(true);
    screenshot(page, 'accounts-partners');

    await partners.tab(/^License list$/).click();
    await expect.poll(() => page.getByTestId('license-region').count()).toBeGreaterThan(0);
    await partners.tab(/^Partners/).click();
    await context.close();
  });

  it('a new partner uploads logos, adds an SSH key and changes the password', async () => {
    const partner = await ownPartner('logos');
    const newPassword = 'logos-pass-456';
    const context = await newVisitor(e2e.browser);
    const page = await context.newPage();
    await signIn(page, partner.email, partner.password);
    const account = accountDialog(page);
    await account.open();

    const dialog = account.dialog();
    await dialog
      .getByLabel('Light-theme logo')
      .setInputFiles({ name: 'light.svg', mimeType: 'image/svg+xml', buffer: svg('#1e6fd9') });
    await dialog.getByRole('button', { name: 'Upload logos' }).click();
    await expect.poll(() => dialog.getByText('Please upload both logotypes').isVisible()).toBe(true);
    await dialog
      .getByLabel('Dark-theme logo')
      .setInputFiles({ name: 'dark.svg', mimeType: 'image/svg+xml', buffer: svg('#6aa8ff') });
    await dialog.getByRole('button', { name: 'Upload logos' }).click();
    await expect.poll(() => notice(page, 'Logos uploaded').isVisible()).toBe(true);
    await expect.poll(() => dialog.getByTestId('logo-set').count()).toBe(2);

    await account.addSshKey('laptop', SSH_KEY);
    await expect.poll(() => notice(page, 'SSH keys updated').isVisible()).toBe(true);
    screenshot(page, 'accounts-ssh-keys');

    await account.changePassword(partner.password, newPassword);
    await expect.poll(() => notice(page, 'Password was changed').isVisible()).toBe(true);
    screenshot(page, 'accounts-my-settings');
    await account.close();

    // The console keeps working with the token the password change answered.
    await page.reload();
    await expect
      .poll(() =>
        shell(page)
          .menuItem(/^Releases$/)
          .isVisible(),
      )
      .toBe(true);
    await account.open();
    await account.tab(/^SSH keys$/).click();
    await expect.poll(() => account.dialog().getByTestId('ssh-key').count()).toBe(1);
    await account.close();

    await shell(page).logout();
    await page.waitForURL(/\/login$/);
    await loginPage(page, e2e.server.url).signIn(partner.email, partner.password);
    await expect.poll(() => page.getByText('Incorrect email or password').isVisible()).toBe(true);
    await loginPage(page, e2e.server.url).signIn(partner.email, newPassword);
    await page.waitForURL(/\/releases$/);
    await context.close();
  });

  // Issue 38: a token made in the UI, shown once, works for a script without the XSRF pair.
  it('a partner makes an API token, sees it once, and a script uses it', async () => {
    const partner = await ownPartner('tokens');
    const context = await newVisitor(e2e.browser);
    const page = await context.newPage();
    await signIn(page, partner.email, partner.password);
    const account = accountDialog(page);
    await account.open();
    await account.tab(/^API$/).click();
    const dialog = account.dialog();
    await dialog.getByLabel('Name').fill('ci');
    await dialog.getByLabel('Scope').click();
    await page.getByRole('option', { name: 'Build (read and write)' }).click();
    await dialog.getByRole('button', { name: 'Make token' }).click();
    const secret = (await dialog.getByTestId('api-token-secret').textContent()) ?? '';
    expect(secret).toMatch(/^fwc_/);
    screenshot(page, 'accounts-api-token');

    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${e2e.server.url}/api${path}`, {
        ...init,
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      });
    const info = await api('/client/account/info');
    expect(info.status).toBe(200);
    expect(((await info.json()) as { email: string }).email).toBe(partner.email);
    const write = await api('/client/account/info', {
      method: 'PATCH',
      body: JSON.stringify({ send_email: false }),
    });
    expect(write.status).toBe(200);
    expect(write.headers.get('ratelimit')).toMatch(/^"per-token";r=\d+;t=\d+$/);

    // Shown once: after the dialog is closed and opened again, the list has the token but not its text.
    await account.close();
    await account.open();
    await account.tab(/^API$/).click();
    await expect.poll(() => account.dialog().getByTestId('api-token').count()).toBe(1);
    expect(await account.dialog().getByTestId('api-token-secret').count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
    await context.close();
  });

  it('a forgotten password is reset through the e-mailed link', async () => {
    const partner = await ownPartner('forgetful');
    const context = await newVisitor(e2e.browser);
    const page = await context.newPage();
    await loginPage(page, e2e.server.url).open();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await page.getByLabel(/^Email/).fill(partner.email);
    await page.getByRole('button', { name: 'Send link' }).click();
    const sent = 'The email was sent. Please check your spam folder too.';
    await expect.poll(() => page.getByRole('main').getByText(sent).isVisible()).toBe(true);

    let link: string | undefined;
    await expect
      .poll(async () => (link = await linkFromOutbox(e2e.server.dataDir, '/reset-password')))
      .toBeTruthy();
    await page.goto(link as string);
    await page.getByLabel(/^New password/).fill('forgetful-pass-789');
    await page.getByLabel(/^Confirm password/).fill('forgetful-pass-789');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect.poll(() => page.getByText(/Redirecting/).isVisible()).toBe(true);
    screenshot(page, 'accounts-reset-password');
    await page.waitForURL(/\/login$/, { timeout: 15_000 });

    await loginPage(page, e2e.server.url).signIn(partner.email, 'forgetful-pass-789');
    await page.waitForURL(/\/releases$/);

    // The link is single-use.
    await page.goto(link as string);
    await page.getByLabel(/^New password/).fill('forgetful-pass-000');
    await page.getByLabel(/^Confirm password/).fill('forgetful-pass-000');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect
      .poll(() => page.getByRole('main').getByText('Invalid or expired token').isVisible())
      .toBe(true);
    await context.close();
  });
});
