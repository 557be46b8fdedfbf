import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/** /firmwares: the sets list, its top panel and the set form dialog. */
export function setsPage(page: Page, baseUrl: string) {
  return {
    open: () => page.goto(`${baseUrl}/firmwares`),
    count: () => page.getByTestId('sets-count'),
    row: (name: string) => page.getByTestId('set-row').filter({ hasText: name }),
    async createSet(name: string, description = '') {
      await page.getByRole('button', { name: 'New set' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(/^Name of set/).fill(name);
      if (description) await dialog.getByLabel(/^Description/).fill(description);
      await dialog.getByRole('button', { name: 'Create set' }).click();
      await page.waitForURL(/\/firmwares\/\d+$/);
    },
  };
}

/** /firmwares/:id: a set's builds and actions. */
export function setPage(page: Page) {
  return {
    buildRows: () => page.getByTestId('build-row'),
    buildRow: (model: string) => page.getByTestId('build-row').filter({ hasText: model }),
    async openBuildForm() {
      await page.getByRole('link', { name: 'Build firmware' }).first().click();
      await page.waitForURL(/\/build/);
    },
    copySetLink: () => page.getByRole('button', { name: 'Copy link', exact: true }).click(),
  };
}

export interface PoolDraft {
  url: string;
  account: string;
  worker: string;
  fee: string;
  alias?: string;
}

/** /firmwares/:id/build: the build form. */
export function buildForm(page: Page) {
  const choose = async (label: RegExp, option: string) => {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  const pool = (prefix: string) => page.getByTestId(`pool-${prefix}`);
  const fillPool = async (prefix: string, draft: PoolDraft) => {
    const set = pool(prefix);
    if (draft.alias) await set.getByLabel(/^Alias/).fill(draft.alias);
    await set.getByLabel(/^Pool url/).fill(draft.url);
    await set.getByLabel(/^Account/).fill(draft.account);
    await set.getByLabel(/^Worker/).fill(draft.worker);
    await set.getByLabel(/^Fee, %/).fill(draft.fee);
  };
  return {
    choose,
    pool,
    fillPool,
    series: (name: string) => choose(/^Series/, name),
    model: (name: string) => choose(/^Model/, name),
    platform: (name: string) => choose(/^Platform/, name),
    installType: (name: string) => choose(/^Install type/, name),
    release: () => page.getByRole('combobox', { name: /^Release/ }),
    license: (name: string) => choose(/^License/, name),
    async addFeePool(index: number, draft: PoolDraft) {
      await page.getByRole('button', { name: /^Add fee pool/ }).click();
      await fillPool(`fee_pools_configs.${index}`, draft);
    },
    async customLogo(light: { name: string; mimeType: string; buffer: Buffer }, dark: typeof light) {
      await page.getByRole('radio', { name: 'Logo for this build' }).check();
      await page.getByLabel('Light-theme logo', { exact: true }).setInputFiles(light);
      await page.getByLabel('Dark-theme logo', { exact: true }).setInputFiles(dark);
    },
    submit: () => page.getByRole('button', { name: 'Build firmware' }).click(),
  };
}

/** /links/{group_name}?uuid=…: the public page of a set's files. */
export function linksPage(page: Page) {
  return {
    rows: () => page.getByTestId('shared-firmware'),
  };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of one colour (RGB), `size` pixels square. */
export function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, truecolour, default compression, filter, no interlace
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
