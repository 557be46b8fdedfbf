import { beforeAll, describe, expect, it } from 'vitest';
import { licenses } from '../platform/db/schema';
import { createSignedIn, createTestApp, expectError, request } from '../test/helper';
import { sharedWorld } from '../test/shared-world';
import { DEMO_LICENSES, ensureLicenses } from './licenses-repository';

const t = sharedWorld(createTestApp);

let admin: string;

beforeAll(async () => {
  admin = (await createSignedIn(t.app, t.db, { role: 'admin' })).token;
  await ensureLicenses(t.db);
});

describe('licenses', () => {
  it('are seeded once, on a console that has none', async () => {
    await t.db.delete(licenses);
    expect(await ensureLicenses(t.db)).toBe(true);
    expect(await ensureLicenses(t.db)).toBe(false);
    expect(await t.db.select().from(licenses)).toHaveLength(DEMO_LICENSES.length);
  });

  it('are listed for admins grouped by region, with how many builds use each', async () => {
    const res = await request(t.app, { url: '/api/admin/license', token: admin });
    expect(res.statusCode).toBe(200);
    const regions = res.json() as { region: string; licenses: { region: string; issued: number }[] }[];
    expect(regions.map((group) => group.region)).toEqual([
      'CIS',
      'Europe',
      'Latin America',
      'Middle East',
      'North America',
    ]);
    const europe = regions.find((group) => group.region === 'Europe');
    expect(europe?.licenses).toEqual([
      { id: expect.any(Number), name: 'EU Hosting', region: 'Europe', issued: 0 },
      { id: expect.any(Number), name: 'EU Standard', region: 'Europe', issued: 0 },
    ]);
    for (const group of regions) expect(group.licenses.every((l) => l.region === group.region)).toBe(true);
  });

  it('are offered to every signed-in account for the build form', async () => {
    const { token } = await createSignedIn(t.app, t.db);
    const res = await request(t.app, { url: '/api/client/firmware/license', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(DEMO_LICENSES.length);
    expect(res.json()[0]).toEqual({ id: expect.any(Number), name: 'Kazakhstan Hosting', region: 'CIS' });
    expectError(await request(t.app, { url: '/api/client/firmware/license' }), 401);
  });

  it('grouped list is for admins only', async () => {
    for (const role of ['user', 'developer', 'tester'] as const) {
      const { token } = await createSignedIn(t.app, t.db, { role });
      expectError(await request(t.app, { url: '/api/admin/license', token }), 403);
    }
  });
});
