import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedIn, createTestApp, expectValidationError, request, type TestApp } from '../test/helper';

const partner = (overrides: Record<string, unknown> = {}) => ({
  password: 'partner pass 1',
  worker: 'miner_01',
  ...overrides,
});

describe('GET /api/admin/users', () => {
  let listing: TestApp;
  let token: string;

  beforeAll(async () => {
    // A database of its own, so the counts are exact.
    listing = await createTestApp();
    token = (await createSignedIn(listing.app, listing.db, { role: 'admin', worker: 'boss' })).token;
    for (let i = 0; i < 23; i += 1) {
      const res = await request(listing.app, {
        method: 'POST',
        url: '/api/admin/users',
        token,
        body: partner({ email: `rig${i}@farm.test`, worker: `rig_${i}`, is_vip: i % 5 === 0 }),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  afterAll(() => listing.close());

  const page = (query: string) => request(listing.app, { url: `/api/admin/users${query}`, token });

  it('pages 20 at a time, newest first, with the paging headers', async () => {
    const first = await page('');
    expect(first.statusCode).toBe(200);
    expect([first.headers['x-page'], first.headers['x-page-size'], first.headers['x-total-count']]).toEqual([
      '0',
      '20',
      '24',
    ]);
    expect(first.json()).toHaveLength(20);
    expect(first.json()[0].worker).toBe('rig_22');
    const second = await page('?page=1');
    expect(second.headers['x-page']).toBe('1');
    expect(second.json().map((p: { worker: string }) => p.worker)).toEqual([
      'rig_2',
      'rig_1',
      'rig_0',
      'boss',
    ]);
    expect((await page('?page=5')).json()).toEqual([]);
    expectValidationError(await page('?page=-1'), 'page');
  });

  it('searches e-mail and worker without regard to case, and filters VIPs', async () => {
    const search = await page('?search=RIG_1');
    expect(search.headers['x-total-count']).toBe('11');
    expect(search.json().every((p: { worker: string }) => p.worker.startsWith('rig_1'))).toBe(true);
    expect((await page('?search=rig7%40FARM')).json().map((p: { email: string }) => p.email)).toEqual([
      'rig7@farm.test',
    ]);
    // LIKE wildcards are searched for literally.
    expect((await page('?search=%25')).json()).toEqual([]);
    const vips = await page('?by_vip=true');
    expect(vips.json().map((p: { worker: string }) => p.worker)).toEqual([
      'rig_20',
      'rig_15',
      'rig_10',
      'rig_5',
      'rig_0',
    ]);
    expect((await page('?by_vip=true&search=rig_1')).headers['x-total-count']).toBe('2');
    expect((await page('?by_vip=false')).headers['x-total-count']).toBe('24');
  });

  it('leaves removed partners out', async () => {
    // A partner of its own: the other tests count the 24 accounts above.
    const made = await request(listing.app, {
      method: 'POST',
      url: '/api/admin/users',
      token,
      body: partner({ email: 'gone@farm.test', worker: 'gone_1' }),
    });
    expect(made.statusCode, made.body).toBe(201);
    expect((await page('')).headers['x-total-count']).toBe('25');
    const [victim] = (await page('?search=gone_1')).json();
    expect(
      (await request(listing.app, { method: 'DELETE', url: `/api/admin/user?user_id=${victim.id}`, token }))
        .statusCode,
    ).toBe(204);
    expect((await page('')).headers['x-total-count']).toBe('24');
    expect((await page('?search=gone_1')).json()).toEqual([]);
  });
});
