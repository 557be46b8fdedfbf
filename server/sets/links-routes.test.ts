import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BUILD_OPTIONS } from '../catalogue/build-options-repository';
import { api, buildBody, createBuildWorld, createSet, submit } from '../test/build-fixtures';
import { stageBuild } from '../test/build-states';
import { expectError, expectValidationError } from '../test/helper';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createBuildWorld);

let set: Record<string, unknown>;
let ready: Record<string, unknown>;
let waiting: Record<string, unknown>;
let gone: Record<string, unknown>;

/** A set named `name` of the partner's with a pending build and a removed one. */
async function setWithBuilds(name: string) {
  const made = await createSet(w, w.partner.token, name);
  const waiting = await submit(w, w.partner.token, buildBody(w, made.id as number, { model: 'S19j Pro' }));
  const gone = await submit(w, w.partner.token, buildBody(w, made.id as number, { model: 'T19' }));
  await api(w, 'DELETE', `/client/firmware/firmwares/${gone.id}`, w.partner.token);
  return { set: made, waiting, gone };
}

beforeAll(async () => {
  ({ set, waiting, gone } = await setWithBuilds('Shared set'));
  ready = await submit(w, w.partner.token, buildBody(w, set.id as number));
  await stageBuild(w.t.db, ready.id as number, {
    status: 'done',
    progress: 100,
    file_size: 12,
    sha256: 'c'.repeat(64),
  });
  await mkdir(path.join(w.dataDir, 'artifacts'), { recursive: true });
  await writeFile(path.join(w.dataDir, 'artifacts', `${ready.uuid}.tar.gz`), 'twelve bytes');
});

const LINKS = '/client/firmware/firmwares/links';

describe('GET /client/firmware/firmwares/links (public)', () => {
  it('lists the set’s builds with only the shareable fields', async () => {
    const res = await api(w, 'GET', `${LINKS}?uuid=${set.link_uuid}`, undefined);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['firmwares', 'group_name']);
    expect(body.group_name).toBe('Shared set');
    expect(body.firmwares).toHaveLength(2);
    const byUuid = new Map(body.firmwares.map((f: { uuid: string }) => [f.uuid, f]));
    expect(byUuid.get(ready.uuid as string)).toEqual({
      uuid: ready.uuid,
      name: 'S19-Pro_1.0.0_amlogic_nand',
      model: 'S19 Pro',
      series: 'x19',
      platform: 'amlogic',
      install_type: 'nand',
      release_version: '1.0.0',
      status: 'done',
      file_size: 12,
      sha256: 'c'.repeat(64),
      run: 1,
      download_url: `/api/files/firmwares/${ready.uuid}?run=1`,
    });
    expect(byUuid.get(waiting.uuid as string)).toMatchObject({ status: 'pending', download_url: null });
    expect(byUuid.has(gone.uuid as string)).toBe(false);
    for (const secret of ['fee_pools_configs', 'user_id', 'email', 'id', 'group_id', 'account']) {
      expect(res.body).not.toContain(`"${secret}"`);
    }
  });

  it('validates the uuid and answers 404 for an unknown one', async () => {
    const bad = await api(w, 'GET', `${LINKS}?uuid=not-a-uuid`, undefined);
    const issue = expectValidationError(bad, 'uuid');
    expect(issue).toEqual({ loc: ['query', 'uuid'], msg: 'Invalid uuid', type: 'value_error' });
    expectValidationError(await api(w, 'GET', LINKS, undefined), 'uuid');
    expectError(await api(w, 'GET', `${LINKS}?uuid=00000000-0000-4000-8000-000000000000`, undefined), 404);
  });

  it('stops sharing a removed set', async () => {
    const other = await createSet(w, w.partner.token, 'Short lived');
    await api(w, 'DELETE', `/client/firmware/groups/${other.id}`, w.partner.token);
    expectError(await api(w, 'GET', `${LINKS}?uuid=${other.link_uuid}`, undefined), 404);
  });
});

describe('GET /api/files/firmwares/{uuid} (public)', () => {
  it('downloads a done build as an attachment', async () => {
    const res = await api(w, 'GET', `/files/firmwares/${ready.uuid}`, undefined);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="S19-Pro_1.0.0_amlogic_nand.tar.gz"',
    );
    expect(res.body).toBe('twelve bytes');
  });

  it('answers 404 unless the build is done and its file exists', async () => {
    // Its own builds: this test makes them done, which the listing test must not see.
    const { waiting, gone } = await setWithBuilds('Downloads');
    await writeFile(path.join(w.dataDir, 'artifacts', `${waiting.uuid}.tar.gz`), 'not yet');
    expectError(await api(w, 'GET', `/files/firmwares/${waiting.uuid}`, undefined), 404);
    expectError(await api(w, 'GET', `/files/firmwares/${gone.uuid}`, undefined), 404);
    expectError(await api(w, 'GET', '/files/firmwares/../../etc/passwd', undefined), 404);
    expectError(await api(w, 'GET', '/files/firmwares/00000000-0000-4000-8000-000000000000', undefined), 404);
    await stageBuild(w.t.db, waiting.id as number, { status: 'done' });
    expect((await api(w, 'GET', `/files/firmwares/${waiting.uuid}`, undefined)).statusCode).toBe(200);
    await stageBuild(w.t.db, gone.id as number, { status: 'done' });
    expectError(await api(w, 'GET', `/files/firmwares/${gone.uuid}`, undefined), 404);
  });
});

describe('build form reads', () => {
  it('GET /client/pool-url lists the pool presets', async () => {
    const res = await api(w, 'GET', '/client/pool-url', w.partner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({
      pool: 'ViaBTC',
      url: 'stratum+tcp://btc.viabtc.io:3333',
      coin: 'BTC',
    });
    expect(res.json().map((p: { pool: string }) => p.pool)).toEqual(
      expect.arrayContaining(['F2Pool', 'AntPool', 'Braiins Pool', 'Binance Pool', 'Luxor']),
    );
    expectError(await api(w, 'GET', '/client/pool-url', undefined), 401);
  });

  it('GET /admin/groups/build-options is for admins; the defaults are for everyone', async () => {
    const options = await api(w, 'GET', '/admin/groups/build-options', w.admin.token);
    expect(options.statusCode).toBe(200);
    expect(options.json()).toEqual(DEMO_BUILD_OPTIONS);
    expect(options.json()).toContainEqual(
      expect.objectContaining({ name: 'min_fans', type: 'str', default: '4' }),
    );
    expectError(await api(w, 'GET', '/admin/groups/build-options', w.partner.token), 403);
    const defaults = await api(w, 'GET', '/client/firmware/build-options/defaults', w.partner.token);
    expect(defaults.json()).toMatchObject({
      fan_control: true,
      min_fans: '4',
      autotune_profile: ['efficiency', 'balanced', 'performance'],
    });
  });
});
