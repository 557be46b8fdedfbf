// The admin catalogue's series and models (issue 17): validation, duplicates, blocking that asks first while
// queued builds use it, removals refused while they do, the audit row of each change, and what partners see.
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Build } from '../../contract/schemas/build-schemas';
import { auditLog, builds, models, series } from '../platform/db/schema';
import { api, buildBody, createBuildWorld, createSet, submit } from '../test/build-fixtures';
import { expectError, expectValidationError } from '../test/helper';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createBuildWorld);

let queued: Build;

beforeAll(async () => {
  const set = await createSet(w, w.partner.token, 'catalogue set');
  queued = await submit(w, w.partner.token, buildBody(w, set.id));
  expect(queued.status).toBe('pending');
});

const admin = (method: string, url: string, body?: unknown) => api(w, method, url, w.admin.token, body);
const partner = (method: string, url: string, body?: unknown) => api(w, method, url, w.partner.token, body);
const names = async (url: string, token: string) =>
  (await api(w, 'GET', url, token)).json<{ name: string }[]>().map((row) => row.name);

async function auditRows(objectType: string, objectId: string) {
  return w.t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.object_type, objectType), eq(auditLog.object_id, objectId)))
    .orderBy(auditLog.id);
}

const tableSize = async (table: typeof series | typeof models) =>
  (await w.t.db.select({ n: count() }).from(table))[0].n;

describe('admin catalogue: who may use it', () => {
  it('refuses partners with 403, writing nothing', async () => {
    const before = await tableSize(series);
    for (const [method, url, body] of [
      ['GET', '/admin/catalogue/series'],
      ['POST', '/admin/catalogue/series', { name: 'x99' }],
      ['PATCH', '/admin/catalogue/series/x19', { is_blocked: true, confirm: true }],
      ['DELETE', '/admin/catalogue/series/l9'],
      ['GET', '/admin/catalogue/models'],
      ['POST', '/admin/catalogue/models', { name: 'S99', series: 'x19' }],
      ['PATCH', '/admin/catalogue/models/S19', { is_blocked: true }],
      ['DELETE', '/admin/catalogue/models/S19'],
    ] as const) {
      expectError(await partner(method, url, body), 403);
    }
    expect(await tableSize(series)).toBe(before);
    expect(await names('/client/firmware/series', w.partner.token)).toContain('x19');
  });
});

describe('admin catalogue: series', () => {
  it('lists series with their models, releases and queued builds', async () => {
    const res = await admin('GET', '/admin/catalogue/series');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toContainEqual({
      name: 'x19',
      is_blocked: false,
      coin: 'BTC',
      models: 7,
      releases: 4,
      queued_builds: 1,
    });
  });

  // Issue 37: pool presets follow the series' coin, so an admin sets it when adding a series and may change it.
  it('sets and changes the coin a series mines; a coin not on the list is refused with 422', async () => {
    expect(
      expectValidationError(
        await admin('POST', '/admin/catalogue/series', { name: 'x77', coin: 'DOGE' }),
        'coin',
      ).msg,
    ).toBe('Choose one of: BTC, LTC');
    expect(
      expectValidationError(await admin('PATCH', '/admin/catalogue/series/l9', { coin: 'btc' }), 'coin').msg,
    ).toBe('Choose one of: BTC, LTC');
    const created = await admin('POST', '/admin/catalogue/series', { name: 'l77', coin: 'LTC' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'l77', coin: 'LTC' });
    const changed = await admin('PATCH', '/admin/catalogue/series/l77', { coin: 'BTC' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'l77', coin: 'BTC', is_blocked: false });
    const seen = (await partner('GET', '/client/firmware/series')).json<{ name: string; coin: string }[]>();
    expect(seen.find((s) => s.name === 'l77')?.coin).toBe('BTC');
    expect((await auditRows('series', 'l77')).map((r) => r.action)).toEqual([
      'catalogue.create',
      'catalogue.update',
    ]);
    expect((await admin('DELETE', '/admin/catalogue/series/l77')).statusCode).toBe(204);
  });

  it('adds a series, audited; a bad or taken name changes nothing', async () => {
    const before = await tableSize(series);
    expect(
      expectValidationError(await admin('POST', '/admin/catalogue/series', { name: 'x 23' }), 'name').msg,
    ).toBe('Must be A-z 0-9 only');
    expectValidationError(await admin('POST', '/admin/catalogue/series', { name: '' }), 'name');
    expectError(
      await admin('POST', '/admin/catalogue/series', { name: 'x19' }),
      409,
      'Series x19 already exists',
    );
    expect(await tableSize(series)).toBe(before);

    const res = await admin('POST', '/admin/catalogue/series', { name: 'x23' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      name: 'x23',
      is_blocked: false,
      coin: 'BTC',
      models: 0,
      releases: 0,
      queued_builds: 0,
    });
    const [row] = await auditRows('series', 'x23');
    expect(row).toMatchObject({ action: 'catalogue.create', actor_id: w.admin.id, after: { name: 'x23' } });
  });

  it('asks before blocking a series queued builds use, then hides it from partners everywhere', async () => {
    const refused = await admin('PATCH', '/admin/catalogue/series/x19', { is_blocked: true });
    expectError(refused, 409, '1 build in the queue uses series x19: confirm to block it anyway');
    expect(await names('/client/firmware/series', w.partner.token)).toContain('x19');
    expect(await auditRows('series', 'x19')).toEqual([]);

    const res = await admin('PATCH', '/admin/catalogue/series/x19', { is_blocked: true, confirm: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'x19', is_blocked: true, queued_builds: 1 });
    expect((await auditRows('series', 'x19')).map((r) => r.action)).toEqual(['catalogue.block']);

    expect(await names('/client/firmware/series', w.partner.token)).not.toContain('x19');
    expect(await names('/client/firmware/models', w.partner.token)).not.toContain('S19 Pro');
    const combinations = await partner('GET', '/client/firmware/model-platform-install_type');
    expect(combinations.json<{ model: string }[]>().some((c) => c.model === 'S19 Pro')).toBe(false);
    const releases = await partner('GET', '/client/releases');
    expect(releases.json<{ series: string }[]>().map((r) => r.series)).not.toContain('x19');
    // Admins still see it, flagged.
    expect((await admin('GET', '/client/firmware/series')).json()).toContainEqual({
      name: 'x19',
      is_blocked: true,
      coin: 'BTC',
    });
    expect(await names('/client/firmware/models', w.admin.token)).toContain('S19 Pro');

    const unblocked = await admin('PATCH', '/admin/catalogue/series/x19', { is_blocked: false });
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    expect(await names('/client/firmware/models', w.partner.token)).toContain('S19 Pro');
    expect((await auditRows('series', 'x19')).map((r) => r.action)).toEqual([
      'catalogue.block',
      'catalogue.unblock',
    ]);
  });

  it('hides the hidden series (x17, t2t) from partners, not from admins', async () => {
    expect(await names('/client/firmware/series', w.partner.token)).not.toContain('x17');
    expect(await names('/client/firmware/models', w.partner.token)).not.toContain('T2T');
    expect(await names('/client/firmware/series', w.admin.token)).toEqual(
      expect.arrayContaining(['x17', 't2t']),
    );
  });

  it('removes a series only when nothing refers to it', async () => {
    expectError(
      await admin('DELETE', '/admin/catalogue/series/l9'),
      409,
      'Series l9 has 1 models: remove them first, or block the series',
    );
    expectError(await admin('DELETE', '/admin/catalogue/series/nope'), 404);
    expect((await admin('POST', '/admin/catalogue/series', { name: 'x24' })).statusCode).toBe(201);
    const res = await admin('DELETE', '/admin/catalogue/series/x24');
    expect(res.statusCode, res.body).toBe(204);
    expect(await names('/admin/catalogue/series', w.admin.token)).not.toContain('x24');
    expect((await auditRows('series', 'x24')).map((r) => r.action)).toEqual([
      'catalogue.create',
      'catalogue.remove',
    ]);
  });
});

describe('admin catalogue: models', () => {
  it('adds a model that partners see at once, with a changed ETag', async () => {
    const first = await partner('GET', '/client/firmware/models');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();

    expectValidationError(
      await admin('POST', '/admin/catalogue/models', { name: 'S21/Hyd', series: 'x21' }),
      'name',
    );
    expect(
      expectValidationError(
        await admin('POST', '/admin/catalogue/models', { name: 'S21 Hyd', series: 'x99' }),
        'series',
      ).msg,
    ).toBe('Unknown series x99');
    expectError(
      await admin('POST', '/admin/catalogue/models', { name: 'S21', series: 'x21' }),
      409,
      'Model S21 already exists',
    );

    const res = await admin('POST', '/admin/catalogue/models', { name: 'S21 Hyd', series: 'x21' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      name: 'S21 Hyd',
      series: 'x21',
      is_blocked: false,
      combinations: 0,
      builds: 0,
      queued_builds: 0,
    });
    const again = await api(w, 'GET', '/client/firmware/models', w.partner.token);
    const revalidated = await w.t.app.inject({
      url: '/api/client/firmware/models',
      headers: { authorization: `Bearer ${w.partner.token}`, 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(200);
    expect(again.headers.etag).not.toBe(etag);
    expect(again.json()).toContainEqual({ name: 'S21 Hyd', series: 'x21', is_blocked: false });
  });

  it('asks before blocking a model queued builds use; refuses to move or remove it', async () => {
    expectError(
      await admin('PATCH', '/admin/catalogue/models/S19 Pro', { is_blocked: true }),
      409,
      '1 build in the queue uses model S19 Pro: confirm to block it anyway',
    );
    expectError(
      await admin('PATCH', '/admin/catalogue/models/S19 Pro', { series: 'x21' }),
      409,
      '1 build in the queue uses model S19 Pro: move it once they are built',
    );
    expectError(
      await admin('DELETE', '/admin/catalogue/models/S19 Pro'),
      409,
      '1 build in the queue uses model S19 Pro: remove it once they are built',
    );
    const [row] = await w.t.db.select().from(models).where(eq(models.name, 'S19 Pro'));
    expect(row).toEqual({ name: 'S19 Pro', series: 'x19', is_blocked: false });
    expect(await auditRows('model', 'S19 Pro')).toEqual([]);

    const blocked = await admin('PATCH', '/admin/catalogue/models/S19 Pro', {
      is_blocked: true,
      confirm: true,
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({ is_blocked: true, queued_builds: 1 });
    await admin('PATCH', '/admin/catalogue/models/S19 Pro', { is_blocked: false });
  });

  it('refuses to remove a model builds were made for, once they are no longer queued', async () => {
    await w.t.db.update(builds).set({ status: 'done' }).where(eq(builds.id, queued.id));
    expectError(
      await admin('DELETE', '/admin/catalogue/models/S19 Pro'),
      409,
      '1 builds were made for model S19 Pro: block it instead',
    );
    await w.t.db.update(builds).set({ status: 'pending' }).where(eq(builds.id, queued.id));
  });

  it('moves and removes a model no build uses, with its combinations', async () => {
    const made = await admin('POST', '/admin/catalogue/models', { name: 'S21 Lab', series: 'x21' });
    expect(made.statusCode, made.body).toBe(201);
    const moved = await admin('PATCH', '/admin/catalogue/models/S21 Lab', { series: 'x19' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ series: 'x19' });
    const combination = { model: 'S21 Lab', platform: 'cvitek', install_type: 'sd' };
    expect((await admin('POST', '/admin/catalogue/combinations', combination)).statusCode).toBe(201);

    const res = await admin('DELETE', '/admin/catalogue/models/S21 Lab');
    expect(res.statusCode, res.body).toBe(204);
    expect(await names('/client/firmware/models', w.admin.token)).not.toContain('S21 Lab');
    const combinations = await admin('GET', '/client/firmware/model-platform-install_type');
    expect(combinations.json<{ model: string }[]>().some((c) => c.model === 'S21 Lab')).toBe(false);
    expect((await auditRows('model', 'S21 Lab')).map((r) => [r.action, r.before, r.after])).toEqual([
      ['catalogue.create', null, { name: 'S21 Lab', series: 'x21', is_blocked: false }],
      ['catalogue.update', { series: 'x21' }, { series: 'x19' }],
      ['catalogue.remove', { name: 'S21 Lab', series: 'x19', is_blocked: false }, null],
    ]);
  });

  it('no longer accepts builds of a blocked series from partners', async () => {
    await admin('PATCH', '/admin/catalogue/series/x21', { is_blocked: true });
    const set = await createSet(w, w.partner.token, 'x21 set');
    const res = await partner(
      'POST',
      '/client/firmware/firmwares',
      buildBody(w, set.id, {
        series: 'x21',
        model: 'S21',
        platform: 'cvitek',
        install_type: 'sd',
        release_id: w.releases.x21v1,
      }),
    );
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    await admin('PATCH', '/admin/catalogue/series/x21', { is_blocked: false });
  });
});
