import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestApp } from '../../test/helper';

let dist: string;
let t: TestApp;
let unbuilt: TestApp;

const INDEX = '<!doctype html><title>console</title><div id="root"></div>';

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'spa-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg/>');
  t = await createTestApp({ spaDir: dist });
  unbuilt = await createTestApp({ db: t.handle, spaDir: path.join(dist, 'missing') });
});

afterAll(async () => {
  await unbuilt.close();
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe('single-page app', () => {
  it('serves index.html at / and for client routes, never cached', async () => {
    for (const url of ['/', '/releases', '/links/my-set?x=1', '/login']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    }
  });

  it('serves hashed assets with long cache headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('never falls back to the SPA under /api', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/nope' }), 404, 'Not Found');
    expectError(await t.app.inject({ method: 'GET', url: '/api/client/nope/deeper' }), 404, 'Not Found');
  });

  it('answers non-GET requests outside /api with a JSON 404', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/releases' }), 404, 'Not Found');
  });

  it('says how to build the client when dist/ is missing', async () => {
    const res = await unbuilt.app.inject({ method: 'GET', url: '/releases' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    expectError(await unbuilt.app.inject({ method: 'GET', url: '/api/nope' }), 404, 'Not Found');
  });
});
