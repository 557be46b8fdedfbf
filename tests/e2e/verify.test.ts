// Issue 16: a partner builds, downloads the file from the set's shared links page, drops it on /verify and sees
// it genuine; a copy with one file changed inside shows as not genuine, naming the file.
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { packEntries, readTar, type TarEntry } from '../../agent/tar';
import { apiSession } from './support/api';
import { newVisitor } from './support/browser';
import { submitBuild } from './support/builds';
import { consoleUnderTest, goldenDataDir } from './support/fixture';
import { loginPage } from './support/pages';
import { screenshot } from './support/screenshot';
import { startServer } from './support/server';

let tmp: string;
const e2e = consoleUnderTest(
  {},
  {
    start: async () => {
      tmp = await mkdtemp(path.join(tmpdir(), 'verify-e2e-'));
      return startServer({}, { from: await goldenDataDir() });
    },
    cleanUp: () => rm(tmp, { recursive: true, force: true }),
  },
);

const SET_NAME = 'Verified hall';
const eventually = <T>(read: () => Promise<T>, timeout = 20_000) =>
  expect.poll(read, { timeout, interval: 250 });

/** axe-core, through the DevTools protocol as accessibility.test.ts runs it (the CSP refuses an injected script). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<unknown> } }).axe;
    return ((await axe.run(document, { resultTypes: ['violations'] })) as { violations: unknown[] })
      .violations;
  })) as { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${n.target.join(' ')}`));
}

/** Drops a file on the page's drop zone as a browser would: a drop event carrying it in a DataTransfer. */
async function dropFile(page: Page, name: string, bytes: Buffer) {
  await page.getByTestId('verify-drop').evaluate(
    (zone, { name, base64 }) => {
      const binary = atob(base64);
      const data = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) data[i] = binary.charCodeAt(i);
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type: 'application/gzip' }));
      zone.dispatchEvent(
        new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }),
      );
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { name, base64: bytes.toString('base64') },
  );
}

/** Where the build's settings sit: the firmware's own configuration, or the image that holds it. */
const SETTINGS_FILE = /\/(?:config\/pools\.json|rootfs\/etc\/miner\.conf|[^/]+\.img)$/;

/** The archive with one byte of its settings file changed, repacked; and that file's path inside. */
async function tamper(archive: Buffer): Promise<{ tampered: Buffer; file: string }> {
  const entries: TarEntry[] = [];
  const unpacked = (async function* () {
    yield gunzipSync(archive);
  })();
  for await (const entry of readTar(unpacked)) entries.push(entry);
  const target = entries.find((e) => SETTINGS_FILE.test(e.path));
  if (!target) throw new Error('no settings file in the archive');
  target.data = Buffer.from(target.data);
  target.data[target.data.length - 1] ^= 1;
  const chunks: Buffer[] = [];
  for await (const chunk of packEntries(entries)) chunks.push(chunk);
  return { tampered: gzipSync(Buffer.concat(chunks)), file: target.path.slice(target.path.indexOf('/') + 1) };
}

describe('/verify', () => {
  it('a downloaded build is genuine, a tampered copy is not', async () => {
    const api = await apiSession(e2e.server.url, e2e.server.partner);
    const build = await submitBuild(api, SET_NAME);
    await eventually(async () => {
      const tasks = await api.call<{ id: number; status: string }[]>('GET', '/client/firmware/tasks');
      return tasks.find((t) => t.id === build.id)?.status;
    }, 90_000).toBe('done');
    const [set] = await api.call<{ name: string; link_uuid: string }[]>(
      'GET',
      `/client/firmware/groups?search=${encodeURIComponent(SET_NAME)}`,
    );

    const context = await newVisitor(e2e.browser);
    const page = await context.newPage();
    await loginPage(page, e2e.server.url).open();
    await loginPage(page, e2e.server.url).signIn(e2e.server.partner.email, e2e.server.partner.password);
    await page.waitForURL(/\/releases$/);

    // The set's shared page: download the file, then follow its link to /verify.
    await page.goto(`${e2e.server.url}/links/${encodeURIComponent(set.name)}?uuid=${set.link_uuid}`);
    const downloading = page.waitForEvent('download');
    await page
      .getByRole('link', { name: /^Download/ })
      .first()
      .click();
    const download = await downloading;
    const saved = path.join(tmp, download.suggestedFilename());
    await download.saveAs(saved);
    const archive = await readFile(saved);

    await page.getByRole('link', { name: 'Verify a downloaded file' }).click();
    await page.waitForURL(/\/verify$/);
    await eventually(() => page.getByRole('heading', { name: 'Verify a firmware file' }).isVisible()).toBe(
      true,
    );

    await dropFile(page, path.basename(saved), archive);
    const result = page.getByTestId('verify-result');
    await eventually(() => result.getAttribute('data-valid')).toBe('true');
    await expect.poll(() => result.textContent()).toContain('Genuine: built by this console');
    const facts = await page.getByTestId('verify-facts').textContent();
    expect(facts).toContain('x19');
    expect(facts).toContain('embedded');
    // Strangers learn what was built, never for whom.
    expect(await page.locator('main').textContent()).not.toContain(SET_NAME);
    screenshot(page, 'verify-valid', true);
    expect(await seriousViolations(page)).toEqual([]);

    // One file changed inside and repacked: chosen through the file picker this time.
    const { tampered, file } = await tamper(archive);
    await page.getByTestId('verify-input').setInputFiles({
      name: 'tampered.tar.gz',
      mimeType: 'application/gzip',
      buffer: tampered,
    });
    await eventually(() => result.getAttribute('data-valid')).toBe('false');
    const problems = await page.getByTestId('verify-problems').textContent();
    expect(problems).toContain("The file's sha256 or size differs from the one the console signed.");
    expect(problems).toContain(`A file inside was changed: ${file}`);
    expect(await result.textContent()).toContain('Not genuine: do not flash this file');
    screenshot(page, 'verify-invalid', true);
    expect(await seriousViolations(page)).toEqual([]);

    // In Russian as well.
    await page.getByRole('button', { name: 'Русский' }).click();
    await eventually(() => result.textContent()).toContain('Не подлинная: не прошивайте этот файл');
    expect(await page.getByTestId('verify-problems').textContent()).toContain(`Файл внутри изменён: ${file}`);
    screenshot(page, 'verify-invalid-ru', true);
    await page.getByRole('button', { name: 'English' }).click();
    await eventually(() => result.textContent()).toContain('Not genuine');

    // Not an archive at all.
    await page.getByTestId('verify-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await eventually(() => result.textContent()).toContain('This is not a firmware archive of the console');
    await context.close();
  });
});
