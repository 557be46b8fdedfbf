import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logos } from '../../platform/db/schema';
import { createSignedIn, createTestApp, expectError, request, type TestApp } from '../../test/helper';
import { type FormPart, multipartBody } from '../../test/multipart';
import { ensureGeneralLogo } from '../logos-repository';

/** A logo image's public URL: by the set's random public id (issue 12). */
const PUBLIC_URL = (variant: 'le' | 'de') => new RegExp(`^/api/logos/[0-9a-f-]{36}/${variant}$`);

// A real 1×1 PNG and the start of a real JPEG (SOI + JFIF APP0).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'logos-test-'));
  t = await createTestApp({ config: { dataDir } });
  await ensureGeneralLogo(t.db);
});

afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const image = (name: string, data: Buffer | string, filename = `${name}.png`): FormPart => ({
  name,
  filename,
  contentType: 'image/png',
  data,
});

function upload(token: string, parts: FormPart[]) {
  const { payload, headers } = multipartBody(parts);
  return request(t.app, { method: 'POST', url: '/api/client/account/logo', token, body: payload, headers });
}

const listLogos = (token: string) => request(t.app, { url: '/api/client/firmware/logo', token });
const storedFiles = async () => readdir(path.join(dataDir, 'logos')).catch(() => [] as string[]);

function expectRefused(res: Awaited<ReturnType<typeof upload>>, issues: [string, string][]) {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().detail).toEqual(
    issues.map(([field, msg]) => ({ loc: ['body', field], msg, type: 'value_error' })),
  );
}

describe('POST /api/client/account/logo', () => {
  it('stores a light and a dark image checked by their bytes and lists them with the general logo', async () => {
    const { token } = await createSignedIn(t.app, t.db);
    const res = await upload(token, [
      image('image_le', PNG, 'light.png'),
      image('image_de', JPEG, 'dark.gif'),
      { name: 'make_images_default', data: 'false' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const set = res.json();
    expect(set).toEqual({
      id: expect.any(Number),
      le: expect.stringMatching(PUBLIC_URL('le')),
      de: expect.stringMatching(PUBLIC_URL('de')),
      is_default: false,
      for_build: false,
    });
    expect(set.id).toBeGreaterThan(1);
    expect(set.le.replace(/le$/, 'de')).toBe(set.de);

    const le = await request(t.app, { url: set.le });
    expect(le.statusCode).toBe(200);
    expect(le.headers['content-type']).toBe('image/png');
    expect(le.rawPayload.equals(PNG)).toBe(true);
    const de = await request(t.app, { url: set.de });
    expect(de.headers['content-type']).toBe('image/jpeg');
    expect(de.rawPayload.equals(JPEG)).toBe(true);

    expect((await listLogos(token)).json()).toEqual([
      {
        id: 1,
        le: expect.stringMatching(PUBLIC_URL('le')),
        de: expect.stringMatching(PUBLIC_URL('de')),
        is_default: true,
        for_build: false,
      },
      set,
    ]);
  });

  it('makes a set the default when asked, replacing the previous default', async () => {
    const { token } = await createSignedIn(t.app, t.db);
    const first = (
      await upload(token, [
        image('image_le', PNG),
        image('image_de', PNG),
        { name: 'make_images_default', data: 'true' },
      ])
    ).json();
    expect(first.is_default).toBe(true);
    const second = (
      await upload(token, [
        image('image_le', SVG, 'a.svg'),
        image('image_de', PNG),
        { name: 'make_images_default', data: 'true' },
      ])
    ).json();
    const listed = (await listLogos(token)).json();
    expect(listed.map((set: { id: number; is_default: boolean }) => [set.id, set.is_default])).toEqual([
      [1, false],
      [first.id, false],
      [second.id, true],
    ]);
    const svg = await request(t.app, { url: second.le });
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('refuses a text file named .png, a missing image, unsafe SVG and oversize images, writing nothing', async () => {
    const { token } = await createSignedIn(t.app, t.db);
    const rows = (await t.db.select().from(logos)).length;
    const files = (await storedFiles()).length;

    expectRefused(await upload(token, [image('image_le', 'just some text'), image('image_de', PNG)]), [
      ['image_le', 'Only PNG, JPEG or SVG images are allowed'],
    ]);
    expectRefused(await upload(token, [image('image_le', PNG)]), [
      ['image_de', 'Please upload both logotypes'],
    ]);
    expectRefused(await upload(token, [image('image_de', PNG), image('image_le', Buffer.alloc(0), '')]), [
      ['image_le', 'Please upload both logotypes'],
    ]);
    expectRefused(await upload(token, []), [
      ['image_le', 'Please upload both logotypes'],
      ['image_de', 'Please upload both logotypes'],
    ]);
    expectRefused(
      await upload(token, [
        image('image_le', '<svg onload="alert(1)"></svg>', 'x.svg'),
        image('image_de', PNG),
      ]),
      [['image_le', 'SVG images may not contain event handler attributes']],
    );
    expectRefused(
      await upload(token, [
        image('image_le', '<svg><script>alert(1)</script></svg>', 'x.svg'),
        image('image_de', PNG),
      ]),
      [['image_le', 'SVG images may not contain <script>']],
    );
    const huge = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expectRefused(await upload(token, [image('image_le', PNG), image('image_de', huge)]), [
      ['image_de', 'The image must be at most 2 MiB'],
    ]);
    expectRefused(
      await upload(token, [
        image('image_le', PNG),
        image('image_de', PNG),
        { name: 'make_images_default', data: 'yes' },
      ]),
      [['make_images_default', 'Must be one of: true, false']],
    );
    expectRefused(
      await upload(token, [image('image_le', PNG), image('image_de', PNG), image('other', PNG)]),
      [['other', 'Extra field not permitted']],
    );

    expect((await t.db.select().from(logos)).length).toBe(rows);
    expect((await storedFiles()).length).toBe(files);
  });

  it('accepts an image of exactly 2 MiB', async () => {
    const { token } = await createSignedIn(t.app, t.db);
    const exact = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)]);
    expect((await upload(token, [image('image_le', exact), image('image_de', PNG)])).statusCode).toBe(201);
  });

  it('refuses an upload with too many parts', async () => {
    const { token } = await createSignedIn(t.app, t.db);
    const many = Array.from({ length: 5 }, (_, i) => image(`image_${i}`, PNG));
    expectError(
      await upload(token, many),
      413,
      'Too many parts: send image_le, image_de and make_images_default only',
    );
  });

  it('wants a multipart upload and a signed-in account', async () => {
    const { token } = await createSignedIn(t.app, t.db);
    const json = await request(t.app, { method: 'POST', url: '/api/client/account/logo', token, body: {} });
    expectError(json, 415, 'Expected a multipart/form-data upload');
    const { payload, headers } = multipartBody([image('image_le', PNG), image('image_de', PNG)]);
    expectError(
      await request(t.app, { method: 'POST', url: '/api/client/account/logo', body: payload, headers }),
      401,
    );
  });
});

describe('logo sets', () => {
  it('are each account’s own: another account neither lists nor removes them', async () => {
    const owner = await createSignedIn(t.app, t.db);
    const other = await createSignedIn(t.app, t.db);
    const set = (await upload(owner.token, [image('image_le', PNG), image('image_de', PNG)])).json();
    expect((await listLogos(other.token)).json().map((s: { id: number }) => s.id)).toEqual([1]);
    const remove = (token: string, id: number) =>
      request(t.app, { method: 'DELETE', url: `/api/client/firmware/logo/${id}`, token });
    expectError(await remove(other.token, set.id), 404, 'Logo not found');
    expectError(await remove(owner.token, 1), 404, 'Logo not found');
    expect((await remove(owner.token, set.id)).statusCode).toBe(204);
    expect((await listLogos(owner.token)).json().map((s: { id: number }) => s.id)).toEqual([1]);
    expectError(await remove(owner.token, set.id), 404);
  });

  it('serve the general logo and 404 for unknown ids', async () => {
    const { token } = await createSignedIn(t.app, t.db);
    const [listed] = (await listLogos(token)).json<{ id: number; le: string; de: string }[]>();
    expect(listed.id).toBe(1);
    const general = await request(t.app, { url: listed.de });
    expect(general.statusCode).toBe(200);
    expect(general.headers['content-type']).toBe('image/svg+xml');
    expect(general.body).toContain('<svg');
    expectError(await request(t.app, { url: '/api/logos/99999/le' }), 404, 'Logo not found');
    expect((await request(t.app, { url: listed.le.replace(/le$/, 'xx') })).statusCode).toBe(422);
  });
});
