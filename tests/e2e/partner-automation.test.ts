// Issue 38's "done means": a partner makes an API token and a webhook endpoint in My settings → API, runs the
// example script (clients/typescript/examples/build-firmware.ts) from a fresh environment holding only the
// token and the console's address, and gets a verified firmware; the receiver the test runs gets the signed
// `build.finished`, which verifies with the secret the page showed once.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDialog } from './support/accountPages';
import { apiSession } from './support/api';
import { buildFields } from './support/builds';
import { consoleUnderTest } from './support/fixture';
import { screenshot } from './support/screenshot';
import { freePort } from './support/server';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'clients/typescript/examples/build-firmware.ts');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');

// Webhooks reach a plain-http loopback receiver only because the operator lets 127.0.0.1 through.
const e2e = consoleUnderTest({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The partner's CI: records every POST it gets and answers 204. */
let receiver: Server;
let receiverUrl: string;
const deliveries: Delivery[] = [];
let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'partner-script-'));
  const port = await freePort();
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${port}/ci/hook`;
});

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await rm(workDir, { recursive: true, force: true });
});

const UI = { timeout: 30_000 };

/** My settings → API, on whatever page is signed in. */
async function openApiTab(page: Page) {
  const settings = accountDialog(page);
  await settings.open();
  await settings.tab(/^API$/).click();
  return settings.dialog();
}

/** Runs the example as a partner would from a new shell: no variable of this process, only those given. */
function runScript(env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [TSX, SCRIPT], {
      cwd: workDir,
      env: { PATH: '/usr/local/bin:/usr/bin:/bin', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('a partner automates builds (issue 38)', () => {
  // One sequence (issue 40): the partner's and the admin's views of the delivery read what this test made (the
  // token, the endpoint, the build and its build.finished); as tests of their own they relied on running after
  // it, and each making a build through the agent again would cost minutes of CPU.
  it('makes a token and a webhook in the API tab, runs the script, gets a verified firmware and a signed build.finished; the partner and an admin see the delivery', {
    timeout: 540_000,
  }, async () => {
    const { context, page } = await e2e.signedIn(e2e.server.partner);
    const dialog = await openApiTab(page);

    // A build-scoped token, read from the page where it is shown this once.
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('fleet CI');
    await dialog.getByRole('combobox', { name: /^Scope/ }).click();
    await page.getByRole('option', { name: /^Build \(read and write\)$/ }).click();
    await dialog.getByRole('button', { name: /^Make token$/ }).click();
    const token = (await dialog.getByTestId('api-token-secret').textContent(UI))?.trim() ?? '';
    expect(token).not.toBe('');

    // An endpoint for build.finished (checked, with build.failed, by default), and its secret, shown once.
    await dialog.getByRole('textbox', { name: /^Endpoint URL/ }).fill(receiverUrl);
    await dialog.getByRole('button', { name: /^Add endpoint$/ }).click();
    const secret = (await dialog.getByTestId('webhook-secret').textContent(UI))?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await dialog.getByRole('region', { name: receiverUrl }).waitFor(UI);
    await screenshot(page, 'partner-automation-api-tab');
    await context.close();

    // The build's fields, as the partner would write BUILD_JSON: read with the token itself.
    const fields = await buildFields(
      {
        async call<T>(method: string, route: string) {
          const res = await fetch(`${e2e.server.url}/api${route}`, {
            method,
            headers: { authorization: `Bearer ${token}` },
          });
          if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
          return (await res.json()) as T;
        },
      },
      'fleetci',
    );

    const run = await runScript({
      CONSOLE_URL: e2e.server.url,
      CONSOLE_TOKEN: token,
      BUILD_JSON: JSON.stringify(fields),
    });
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    const id = Number(/^build (\d+) submitted$/m.exec(run.stdout)?.[1]);
    expect(id).toBeGreaterThan(0);
    expect(run.stdout).toMatch(new RegExp(`^build ${id} done$`, 'm'));
    const verified = /^downloaded \d+ bytes, sha256 ([0-9a-f]{64}) verified$/m.exec(run.stdout)?.[1];
    expect(verified, run.stdout).toBeDefined();
    const saved = /^saved (\S+\.tar\.gz)$/m.exec(run.stdout)?.[1] ?? '';
    const file = await readFile(path.join(workDir, saved));
    expect(createHash('sha256').update(file).digest('hex')).toBe(verified);

    // The receiver hears that this build finished, signed with the secret the page showed.
    const finished = async () => {
      for (const delivery of deliveries) {
        const payload = JSON.parse(delivery.body) as { type: string; data: { id: number; status: string } };
        if (payload.type === 'build.finished' && payload.data.id === id) return delivery;
      }
      return undefined;
    };
    await expect.poll(finished, { timeout: 60_000, interval: 250 }).toBeDefined();
    const delivery = (await finished()) as Delivery;
    const signed = new Webhook(secret).verify(delivery.body, {
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature']),
    }) as { type: string; data: { id: number; uuid: string; status: string } };
    // It names the build by the uuid the script downloaded it by (and saved it as).
    expect(signed).toMatchObject({
      type: 'build.finished',
      data: { id, uuid: saved.replace(/\.tar\.gz$/, ''), status: 'done' },
    });
    // A forged body does not verify with that secret.
    expect(() =>
      new Webhook(secret).verify(delivery.body.replace('"done"', '"failed"'), {
        'webhook-id': String(delivery.headers['webhook-id']),
        'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
        'webhook-signature': String(delivery.headers['webhook-signature']),
      }),
    ).toThrow();

    // The partner sees the token and the delivered build.finished in the API tab, at 768 px in Russian.
    await partnerSeesTheDelivery();
    // The admin sees the partner's endpoint and its delivered build.finished, at 1280 and 768 px in Russian.
    await adminSeesTheDelivery();
  });
});

/** The token and the delivered build.finished in the partner's API tab, at 768 px in Russian. */
async function partnerSeesTheDelivery() {
  const { context, page } = await e2e.signedIn(e2e.server.partner, {
    viewport: { width: 768, height: 1024 },
    locale: 'ru-RU',
  });
  const dialog = await openApiTab(page);
  await dialog.getByText('fleet CI').waitFor(UI);
  const endpoint = dialog.getByRole('region', { name: receiverUrl });
  await endpoint.getByRole('button', { name: /^Журнал доставки$/ }).click();
  const delivered = endpoint.getByTestId('webhook-delivery').filter({ hasText: 'Сборка готова' });
  await expect.poll(() => delivered.first().textContent(), UI).toContain('Доставлено');
  await expect.poll(() => delivered.first().textContent(), UI).toContain('204');
  // Nothing of the tab runs out of the dialog at this width.
  const overflow = await dialog.evaluate((box) => box.scrollWidth - box.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await delivered.first().scrollIntoViewIfNeeded();
  await screenshot(page, 'partner-automation-api-tab-768-ru');
  await context.close();
}

/** The partner's endpoint and its delivered build.finished on the admin's page of the partner. */
async function adminSeesTheDelivery() {
  const admin = await apiSession(e2e.server.url, e2e.server.admin);
  const users = await admin.call<{ id: number; email: string }[]>('GET', '/admin/users');
  const partnerId = users.find((u) => u.email === e2e.server.partner.email)?.id ?? 0;
  for (const width of [1280, 768]) {
    const { context, page } = await e2e.signedIn(e2e.server.admin, {
      viewport: { width, height: 1024 },
      locale: 'ru-RU',
    });
    await page.goto(`${e2e.server.url}/partners/${partnerId}/show`);
    const section = page.getByRole('region', { name: 'Вебхуки' });
    const row = section.getByTestId('partner-webhook').filter({ hasText: receiverUrl });
    await expect.poll(() => row.first().textContent(), UI).toContain('Доставлено');
    const text = (await row.first().textContent()) ?? '';
    expect(text).toContain('Включён');
    expect(text).toContain('Сборка готова');
    expect(text).toContain('204');
    expect(await section.textContent()).not.toContain('whsec_');
    expect(await section.getByRole('button').count()).toBe(0);
    // Nothing of the page runs out of the window at this width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, `partner-webhooks-admin-${width}-ru`);
    await context.close();
  }
}
