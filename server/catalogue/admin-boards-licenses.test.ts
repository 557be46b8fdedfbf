// The admin catalogue's platforms, install types, combinations, licenses, pool presets and release sources
// (issue 17): validation, duplicates, removals refused while a queued build uses them, audit rows, and what
// the build form reads afterwards.
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  licenses,
  modelPlatformInstallTypes,
  platforms,
  repositories,
} from '../platform/db/schema';
import { api, buildBody, createBuildWorld, createSet, submit } from '../test/build-fixtures';
import { expectError, expectValidationError } from '../test/helper';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createBuildWorld);

beforeAll(async () => {
  const set = await createSet(w, w.partner.token, 'boards set');
  // The queued build: S19 Pro on amlogic, nand, with the first license, from firmware-x19 and web-ui.
  await submit(w, w.partner.token, buildBody(w, set.id));
});

const admin = (method: string, url: string, body?: unknown) => api(w, method, url, w.admin.token, body);
const partner = (method: string, url: string, body?: unknown) => api(w, method, url, w.partner.token, body);

async function actions(objectType: string, objectId: string | number) {
  const rows = await w.t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.object_type, objectType), eq(auditLog.object_id, String(objectId))))
    .orderBy(auditLog.id);
  return rows.map((row) => row.action);
}

describe('admin catalogue: who may use it', () => {
  it('refuses partners with 403 on every route', async () => {
    for (const [method, url] of [
      ['GET', '/admin/catalogue/platforms'],
      ['POST', '/admin/catalogue/platforms'],
      ['PATCH', '/admin/catalogue/platforms/amlogic'],
      ['DELETE', '/admin/catalogue/platforms/amlogic'],
      ['GET', '/admin/catalogue/install-types'],
      ['POST', '/admin/catalogue/install-types'],
      ['DELETE', '/admin/catalogue/install-types/sd'],
      ['GET', '/admin/catalogue/combinations'],
      ['POST', '/admin/catalogue/combinations'],
      ['DELETE', '/admin/catalogue/combinations/S19/amlogic/sd'],
      ['GET', '/admin/catalogue/licenses'],
      ['POST', '/admin/catalogue/licenses'],
      ['PATCH', '/admin/catalogue/licenses/1'],
      ['DELETE', '/admin/catalogue/licenses/1'],
      ['GET', '/admin/catalogue/pool-presets'],
      ['POST', '/admin/catalogue/pool-presets'],
      ['PATCH', '/admin/catalogue/pool-presets/1'],
      ['DELETE', '/admin/catalogue/pool-presets/1'],
    ] as const) {
      expectError(await partner(method, url, { name: 'x' }), 403);
    }
  });
});

describe('admin catalogue: platforms and install types', () => {
  it('adds, describes and removes a platform; a bad or taken name changes nothing', async () => {
    expect(
      expectValidationError(await admin('POST', '/admin/catalogue/platforms', { name: 'Rockchip' }), 'name')
        .msg,
    ).toBe('Lower-case latin letters, digits, _ and - only');
    expectError(
      await admin('POST', '/admin/catalogue/platforms', { name: 'cvitek' }),
      409,
      'Platform cvitek already exists',
    );
    expect((await w.t.db.select({ n: count() }).from(platforms))[0].n).toBe(5);

    const created = await admin('POST', '/admin/catalogue/platforms', {
      name: 'rockchip',
      description: 'RK3328',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      name: 'rockchip',
      description: 'RK3328',
      combinations: 0,
      queued_builds: 0,
    });
    const described = await admin('PATCH', '/admin/catalogue/platforms/rockchip', {
      description: 'RK3328 board',
    });
    expect(described.json()).toMatchObject({ description: 'RK3328 board' });
    expect((await partner('GET', '/client/firmware/platform')).json()).toContainEqual({
      name: 'rockchip',
      description: 'RK3328 board',
    });
    expect((await admin('DELETE', '/admin/catalogue/platforms/rockchip')).statusCode).toBe(204);
    expect(await actions('platform', 'rockchip')).toEqual([
      'catalogue.create',
      'catalogue.update',
      'catalogue.remove',
    ]);
  });

  it('refuses to remove a platform or an install type a queued build uses', async () => {
    expectError(
      await admin('DELETE', '/admin/catalogue/platforms/amlogic'),
      409,
      '1 build in the queue uses platform amlogic: remove it once they are built',
    );
    expectError(
      await admin('DELETE', '/admin/catalogue/install-types/nand'),
      409,
      '1 build in the queue uses install type nand: remove it once they are built',
    );
    expect((await w.t.db.select().from(platforms).where(eq(platforms.name, 'amlogic'))).length).toBe(1);
    expect(await actions('platform', 'amlogic')).toEqual([]);
    const listed = (await admin('GET', '/admin/catalogue/install-types')).json();
    expect(listed).toContainEqual({ name: 'nand', combinations: expect.any(Number), queued_builds: 1 });
  });

  it('adds and removes an install type, with its combinations', async () => {
    expectValidationError(await admin('POST', '/admin/catalogue/install-types', { name: '' }), 'name');
    expectError(await admin('POST', '/admin/catalogue/install-types', { name: 'sd' }), 409);
    expect((await admin('POST', '/admin/catalogue/install-types', { name: 'emmc' })).statusCode).toBe(201);
    const combination = { model: 'S21', platform: 'cvitek', install_type: 'emmc' };
    expect((await admin('POST', '/admin/catalogue/combinations', combination)).statusCode).toBe(201);
    expect((await admin('DELETE', '/admin/catalogue/install-types/emmc')).statusCode).toBe(204);
    const left = await w.t.db
      .select()
      .from(modelPlatformInstallTypes)
      .where(eq(modelPlatformInstallTypes.install_type, 'emmc'));
    expect(left).toEqual([]);
    expect(await actions('install_type', 'emmc')).toEqual(['catalogue.create', 'catalogue.remove']);
  });
});

describe('admin catalogue: combinations', () => {
  it('adds a combination partners see, naming what is unknown', async () => {
    const unknown = await admin('POST', '/admin/catalogue/combinations', {
      model: 'S99',
      platform: 'cvitek',
      install_type: 'floppy',
    });
    expect(expectValidationError(unknown, 'model').msg).toBe('Unknown model S99');
    expectValidationError(unknown, 'install_type');
    const taken = { model: 'S21', platform: 'cvitek', install_type: 'sd' };
    expectError(
      await admin('POST', '/admin/catalogue/combinations', taken),
      409,
      'Combination S21-cvitek-sd already exists',
    );

    const added = { model: 'S21', platform: 'xilinx', install_type: 'sd' };
    const res = await admin('POST', '/admin/catalogue/combinations', added);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ ...added, series: 'x21', queued_builds: 0 });
    expect((await partner('GET', '/client/firmware/model-platform-install_type')).json()).toContainEqual(
      added,
    );
    expect(await actions('model_platform', 'S21-xilinx-sd')).toEqual(['catalogue.create']);
  });

  it('refuses to remove a combination a queued build uses; removes one none does', async () => {
    expectError(
      await admin('DELETE', '/admin/catalogue/combinations/S19 Pro/amlogic/nand'),
      409,
      '1 build in the queue uses combination S19 Pro-amlogic-nand: remove it once they are built',
    );
    expectError(await admin('DELETE', '/admin/catalogue/combinations/S21/zynq/sd'), 404);
    const unused = { model: 'S21 XP', platform: 'xilinx', install_type: 'sd' };
    expect((await admin('POST', '/admin/catalogue/combinations', unused)).statusCode).toBe(201);
    expect((await admin('DELETE', '/admin/catalogue/combinations/S21 XP/xilinx/sd')).statusCode).toBe(204);
    const combinations = (await partner('GET', '/client/firmware/model-platform-install_type')).json();
    expect(combinations).not.toContainEqual(unused);
    expect(combinations).toContainEqual({ model: 'S19 Pro', platform: 'amlogic', install_type: 'nand' });
  });
});

describe('admin catalogue: licenses', () => {
  it('adds, renames and removes a license; the build form follows', async () => {
    expectValidationError(
      await admin('POST', '/admin/catalogue/licenses', { name: ' ', region: 'Europe' }),
      'name',
    );
    expectError(
      await admin('POST', '/admin/catalogue/licenses', { name: 'EU Standard', region: 'Europe' }),
      409,
      'License EU Standard already exists',
    );
    const created = await admin('POST', '/admin/catalogue/licenses', {
      name: 'Norway Hydro',
      region: 'Europe',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    expect(created.json()).toEqual({
      id,
      name: 'Norway Hydro',
      region: 'Europe',
      builds: 0,
      queued_builds: 0,
    });
    expectError(await admin('PATCH', `/admin/catalogue/licenses/${id}`, { name: 'EU Hosting' }), 409);
    const renamed = await admin('PATCH', `/admin/catalogue/licenses/${id}`, { name: 'Nordic Hydro' });
    expect(renamed.json()).toMatchObject({ name: 'Nordic Hydro', region: 'Europe' });
    expect((await partner('GET', '/client/firmware/license')).json()).toContainEqual({
      id,
      name: 'Nordic Hydro',
      region: 'Europe',
    });
    expect((await admin('DELETE', `/admin/catalogue/licenses/${id}`)).statusCode).toBe(204);
    expect(await actions('license', id)).toEqual([
      'catalogue.create',
      'catalogue.update',
      'catalogue.remove',
    ]);
  });

  it('refuses to remove a license a queued build carries', async () => {
    const [license] = await w.t.db.select().from(licenses).where(eq(licenses.id, w.licenseId));
    expectError(
      await admin('DELETE', `/admin/catalogue/licenses/${w.licenseId}`),
      409,
      `1 build in the queue uses license ${license.name}: remove it once they are built`,
    );
    expect((await w.t.db.select().from(licenses).where(eq(licenses.id, w.licenseId))).length).toBe(1);
  });
});

describe('admin catalogue: pool presets', () => {
  it('adds, changes and removes a preset the build form offers', async () => {
    expect(
      expectValidationError(
        await admin('POST', '/admin/catalogue/pool-presets', { pool: 'Ocean', url: 'https://ocean.xyz' }),
        'url',
      ).msg,
    ).toBe('Must be a valid url');
    expectError(
      await admin('POST', '/admin/catalogue/pool-presets', {
        pool: 'Via',
        url: 'stratum+tcp://btc.viabtc.io:3333',
      }),
      409,
    );
    const created = await admin('POST', '/admin/catalogue/pool-presets', {
      pool: 'Ocean',
      url: 'stratum+tcp://mine.ocean.xyz:3334',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    expect((await partner('GET', '/client/pool-url')).json()).toContainEqual({
      pool: 'Ocean',
      url: 'stratum+tcp://mine.ocean.xyz:3334',
      coin: 'BTC',
    });
    const changed = await admin('PATCH', `/admin/catalogue/pool-presets/${id}`, { pool: 'OCEAN' });
    expect(changed.json()).toEqual({
      id,
      pool: 'OCEAN',
      url: 'stratum+tcp://mine.ocean.xyz:3334',
      coin: 'BTC',
    });
    // Issue 37: a preset's coin is set by the admin, from the contract's list.
    expect(
      expectValidationError(
        await admin('PATCH', `/admin/catalogue/pool-presets/${id}`, { coin: 'XMR' }),
        'coin',
      ).msg,
    ).toBe('Choose one of: BTC, LTC');
    const ltc = await admin('PATCH', `/admin/catalogue/pool-presets/${id}`, { coin: 'LTC' });
    expect(ltc.json()).toMatchObject({ coin: 'LTC' });
    expect((await partner('GET', '/client/pool-url')).json()).toContainEqual({
      pool: 'OCEAN',
      url: 'stratum+tcp://mine.ocean.xyz:3334',
      coin: 'LTC',
    });
    expect((await admin('DELETE', `/admin/catalogue/pool-presets/${id}`)).statusCode).toBe(204);
    expect(await actions('pool_preset', id)).toEqual([
      'catalogue.create',
      'catalogue.update',
      'catalogue.update',
      'catalogue.remove',
    ]);
  });
});

describe('release sources', () => {
  it('refuses to unregister a repository queued builds fetch sources from', async () => {
    const [webUi] = await w.t.db.select().from(repositories).where(eq(repositories.name, 'web-ui'));
    expectError(
      await admin('DELETE', `/admin/repositories/${webUi.id}`),
      409,
      '1 build in the queue uses repository web-ui: remove it once they are built',
    );
    expect(await actions('repository', webUi.id)).toEqual([]);
  });

  it('audits the series mapping', async () => {
    const res = await admin('PUT', '/admin/series-repository', { series: 'x21', repositories: ['web-ui'] });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await w.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.object_type, 'series_repository'), eq(auditLog.object_id, 'x21')));
    expect(rows.map((row) => [row.action, row.before, row.after])).toEqual([
      ['catalogue.update', { repositories: [] }, { repositories: ['web-ui'] }],
    ]);
  });
});
