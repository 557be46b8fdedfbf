import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../scripts/precompress';
import { createSignedIn, createTestApp, request, seedCatalogue, type TestApp } from '../../test/helper';
import { COMPRESS_THRESHOLD, ifNoneMatchHolds } from './delivery-plugin';

let dist: string;
let t: TestApp;
let token: string;

// A script big enough to be compressed, as the build writes it.
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'delivery-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  await precompress(dist);
  t = await createTestApp({ spaDir: dist });
  await seedCatalogue(t.db);
  ({ token } = await createSignedIn(t.app, t.db));
});

afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('compressed delivery', () => {
  it('sends the brotli or gzip copy of an asset by Accept-Encoding, the file itself otherwise', async () => {
    const url = '/assets/index-abc123.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses a JSON answer over the threshold, not a small one', async () => {
    const url = '/api/client/firmware/model-platform-install_type';
    const combinations = await request(t.app, {
      url,
      token,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(combinations.statusCode).toBe(200);
    expect(combinations.headers['content-encoding']).toBe('br');
    const json = brotliDecompressSync(combinations.rawPayload).toString();
    expect(Buffer.byteLength(json)).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(JSON.parse(json)).toEqual(expect.arrayContaining([expect.objectContaining({ model: 'S19' })]));

    const gz = await request(t.app, {
      url,
      token,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(json);

    const small = await t.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('ETags on reads that rarely change', () => {
  it('answers 304 without a body when If-None-Match holds the current tag, 200 when it does not', async () => {
    for (const url of [
      '/api/client/firmware/models',
      '/api/client/firmware/series',
      '/api/client/releases',
      '/api/client/languages',
      '/api/client/firmware/build-options/defaults',
      '/api/client/pool-url',
    ]) {
      const first = await request(t.app, { url, token });
      expect([url, first.statusCode]).toEqual([url, 200]);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^W\/".+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');

      const again = await request(t.app, { url, token, headers: { 'if-none-match': etag } });
      expect([url, again.statusCode]).toEqual([url, 304]);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);

      const stale = await request(t.app, { url, token, headers: { 'if-none-match': 'W/"stale"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(first.body);
    }
  });

  it('still needs the token: a 401 never becomes a 304', async () => {
    const first = await request(t.app, { url: '/api/client/languages', token });
    const res = await request(t.app, {
      url: '/api/client/languages',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(res.statusCode).toBe(401);
  });

  it('leaves other reads without an ETag', async () => {
    const res = await request(t.app, { url: '/api/client/account/info', token });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeUndefined();
  });

  it('compares tags as RFC 9110 says for If-None-Match (weakly, any of a list, or *)', () => {
    expect(ifNoneMatchHolds('W/"a", W/"b"', 'W/"b"')).toBe(true);
    expect(ifNoneMatchHolds('"b"', 'W/"b"')).toBe(true);
    expect(ifNoneMatchHolds('*', 'W/"b"')).toBe(true);
    expect(ifNoneMatchHolds('W/"c"', 'W/"b"')).toBe(false);
    expect(ifNoneMatchHolds(undefined, 'W/"b"')).toBe(false);
  });
});
