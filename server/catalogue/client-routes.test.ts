import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { platforms, series } from '../platform/db/schema';
import { createAdminApp } from '../test/admin-app';
import { createSignedIn, expectError, request } from '../test/helper';
import { sharedWorld } from '../test/shared-world';
import { demoCatalogue } from './demo-catalogue';
import { ensurePoolPresets } from './pool-presets-repository';

const t = sharedWorld(() => createAdminApp());

let partnerToken: string;

beforeAll(async () => {
  partnerToken = (await createSignedIn(t.app, t.db)).token;
});

const get = async (path: string, as = t.admin.token) => {
  const res = await request(t.app, { url: `/api/client/firmware/${path}`, token: as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('firmware catalogue', () => {
  it('names the coin each series mines, and each pool preset’s (issue 37)', async () => {
    const series = await get('series');
    const coins = Object.fromEntries(series.map((s: { name: string; coin: string }) => [s.name, s.coin]));
    expect(coins).toMatchObject({ x19: 'BTC', x21: 'BTC', l7: 'LTC', l9: 'LTC' });
    await ensurePoolPresets(t.db);
    const res = await request(t.app, { url: '/api/client/pool-url', token: partnerToken });
    const presets = res.json<{ pool: string; url: string; coin: string }[]>();
    expect(presets.find((p) => p.pool === 'ViaBTC LTC')).toMatchObject({ coin: 'LTC' });
    expect(presets.find((p) => p.pool === 'ViaBTC')).toMatchObject({ coin: 'BTC' });
  });

  it('lists the six series, none blocked', async () => {
    const series = await get('series');
    expect(series.map((s: { name: string }) => s.name).sort()).toEqual([
      'l7',
      'l9',
      't2t',
      'x17',
      'x19',
      'x21',
    ]);
    expect(series[0]).toEqual({ name: expect.any(String), is_blocked: false, coin: expect.any(String) });
    expect(series.every((s: { is_blocked: boolean }) => !s.is_blocked)).toBe(true);
  });

  it('lists models with their series; only T17 is blocked', async () => {
    const models = await get('models');
    expect(models).toHaveLength(20);
    expect(models).toContainEqual({ name: 'S19 Pro', series: 'x19', is_blocked: false });
    expect(models).toContainEqual({ name: 'L9', series: 'l9', is_blocked: false });
    expect(models.filter((m: { is_blocked: boolean }) => m.is_blocked)).toEqual([
      { name: 'T17', series: 'x17', is_blocked: true },
    ]);
  });

  it('shows partners neither the hidden series (x17, t2t) nor their models and combinations', async () => {
    const series = await get('series', partnerToken);
    expect(series.map((s: { name: string }) => s.name)).toEqual(['l7', 'l9', 'x19', 'x21']);
    const models = await get('models', partnerToken);
    expect(models).toHaveLength(13);
    expect(models.every((m: { series: string }) => ['l7', 'l9', 'x19', 'x21'].includes(m.series))).toBe(true);
    const names = new Set(models.map((m: { name: string }) => m.name));
    const combinations = await get('model-platform-install_type', partnerToken);
    expect(combinations.length).toBeGreaterThan(0);
    expect(combinations.every((c: { model: string }) => names.has(c.model))).toBe(true);
  });

  it('lists platforms and install types', async () => {
    const platforms = await get('platform');
    expect(platforms).toHaveLength(5);
    expect(platforms).toContainEqual({ name: 'cvitek', description: 'CVITEK CV1835 control board' });
    expect(await get('install_type')).toEqual([{ name: 'nand' }, { name: 'sd' }, { name: 'upgrade' }]);
  });

  it('lists model, platform and install type combinations that reference the catalogue', async () => {
    const combinations = await get('model-platform-install_type');
    expect(combinations).toHaveLength(demoCatalogue().combinations.length);
    expect(combinations).toContainEqual({ model: 'S21', platform: 'cvitek', install_type: 'sd' });
    const models = new Set((await get('models')).map((m: { name: string }) => m.name));
    const everyModelCovered = [...models].every((model) =>
      combinations.some((c: { model: string }) => c.model === model),
    );
    expect(everyModelCovered).toBe(true);
  });

  it('answers a change made in the database directly (another instance, a tool) at once, although it is cached', async () => {
    const platformNames = async () =>
      (await get('platform', partnerToken)).map((p: { name: string }) => p.name);
    const seriesNames = async () => (await get('series', partnerToken)).map((s: { name: string }) => s.name);
    expect(await platformNames()).not.toContain('zynq-cache-probe');
    expect(await seriesNames()).toContain('x21');
    // Only the database's change notice can tell this instance: no request of it wrote anything.
    await t.db.insert(platforms).values({ name: 'zynq-cache-probe', description: 'probe' });
    await expect.poll(platformNames, { timeout: 2_000 }).toContain('zynq-cache-probe');
    await t.db.update(series).set({ is_blocked: true }).where(eq(series.name, 'x21'));
    await expect.poll(seriesNames, { timeout: 2_000 }).not.toContain('x21');
    await t.db.update(series).set({ is_blocked: false }).where(eq(series.name, 'x21'));
    await t.db.delete(platforms).where(eq(platforms.name, 'zynq-cache-probe'));
    await expect.poll(platformNames, { timeout: 2_000 }).not.toContain('zynq-cache-probe');
    await expect.poll(seriesNames, { timeout: 2_000 }).toContain('x21');
  });

  it('requires authentication', async () => {
    for (const path of ['series', 'models', 'platform', 'install_type', 'model-platform-install_type']) {
      expectError(await request(t.app, { url: `/api/client/firmware/${path}` }), 401);
    }
  });
});
