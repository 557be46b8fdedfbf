import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { accounts, builds } from '../platform/db/schema';
import {
  api,
  buildBody,
  createBuildWorld,
  createSet,
  pools,
  rowCounts,
  submit,
} from '../test/build-fixtures';
import { expectError, expectValidationError } from '../test/helper';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createBuildWorld);

let set: Record<string, unknown>;
let build: Record<string, unknown>;

const refund = { ...pools()[1], alias: 'Refund', type_fee_pool: 'refund', fee: 1 };

beforeAll(async () => {
  set = await createSet(w, w.partner.token, 'Partner set');
  build = await submit(w, w.partner.token, buildBody(w, set.id as number));
  await w.t.db.update(accounts).set({ is_vip: true }).where(eq(accounts.id, w.partner.id));
  const otherSet = await createSet(w, w.other.token, 'Other set');
  await submit(w, w.other.token, buildBody(w, otherSet.id as number));
  await createSet(w, w.other.token, 'Empty set');
});

/**
 * A set named `name` of `owner`'s (the partner's unless said) holding one build, for a test that changes or
 * removes them; the set is removed after the test, so that the listing tests, in any order, see only the sets
 * and builds above.
 */
async function ownBuild(name: string, owner = w.partner) {
  const made = await createSet(w, owner.token, name);
  const madeBuild = await submit(w, owner.token, buildBody(w, made.id as number));
  onTestFinished(async () => {
    await api(w, 'DELETE', `/admin/groups/${made.id}?full_clean=true`, w.admin.token);
  });
  return { set: made, build: madeBuild };
}

describe('admin paths refuse partners', () => {
  it('answers 403 on every admin route, changing nothing', async () => {
    const { set, build } = await ownBuild('Refused set');
    const t = w.partner.token;
    const before = await rowCounts(w.t.db);
    const calls: [string, string, unknown?][] = [
      ['GET', `/admin/firmwares?group_id=${set.id}`],
      ['GET', `/admin/firmwares/uuid/${build.uuid}`],
      ['GET', `/admin/firmwares/users/${w.partner.id}/groups`],
      ['GET', '/admin/firmwares/active'],
      ['GET', '/admin/groups/build-options'],
      ['PATCH', `/admin/groups/${set.id}`, { name: 'Renamed' }],
      ['POST', `/admin/groups/${set.id}/rebuild`],
      ['POST', `/admin/groups/${set.id}/upgrade`],
      ['DELETE', `/admin/groups/${set.id}`],
      ['PATCH', `/admin/firmwares?firmware_id=${build.id}`, { platform: 'xilinx' }],
      ['PATCH', `/admin/firmwares/pool?firmware_id=${build.id}`, { fee_pools_configs: pools() }],
      ['POST', `/admin/firmwares/rebuild?firmware_id=${build.id}`],
      ['DELETE', `/admin/firmwares/${build.id}`],
    ];
    for (const [method, url, body] of calls) expectError(await api(w, method, url, t, body), 403);
    expect(await rowCounts(w.t.db)).toEqual(before);
    const [row] = await w.t.db
      .select()
      .from(builds)
      .where(eq(builds.id, build.id as number));
    expect(row).toMatchObject({ is_updating: false, is_removed: false, platform: 'amlogic' });
  });
});

describe('admin reads', () => {
  it('lists any partner’s builds and finds one by uuid', async () => {
    const list = await api(w, 'GET', `/admin/firmwares?group_id=${set.id}`, w.admin.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((b: { id: unknown }) => b.id)).toEqual([build.id]);
    expect((await api(w, 'GET', '/admin/firmwares', w.admin.token)).json()).toHaveLength(2);
    const one = await api(w, 'GET', `/admin/firmwares/uuid/${build.uuid}`, w.admin.token);
    expect(one.json()).toMatchObject({ id: build.id, user_id: w.partner.id, group_name: set.name });
    expect(one.json().owner_email).toMatch(/@/);
    expect(
      expectValidationError(await api(w, 'GET', '/admin/firmwares/uuid/nope', w.admin.token), 'uuid').msg,
    ).toBe('Invalid uuid');
    expectError(
      await api(w, 'GET', '/admin/firmwares/uuid/00000000-0000-4000-8000-000000000000', w.admin.token),
      404,
    );
    expectError(await api(w, 'GET', '/admin/firmwares?group_id=99999', w.admin.token), 404);
  });

  it('pages a partner’s sets', async () => {
    const res = await api(w, 'GET', `/admin/firmwares/users/${w.other.id}/groups?search=set`, w.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.headers['x-page-size']).toBe('20');
    expect(res.json().map((g: { name: string }) => g.name)).toEqual(['Empty set', 'Other set']);
    expectError(await api(w, 'GET', '/admin/firmwares/users/99999/groups', w.admin.token), 404);
  });

  it('lists the sets holding builds across partners, with their owners', async () => {
    const res = await api(w, 'GET', '/admin/firmwares/active', w.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json().map((g: { name: string }) => g.name)).toEqual(['Other set', 'Partner set']);
    expect(res.json()[1]).toMatchObject({
      email: expect.stringContaining('@'),
      worker: 'userworker',
      count_firmwares: 1,
    });
    const vip = await api(w, 'GET', '/admin/firmwares/active?by_vip=true', w.admin.token);
    expect(vip.json().map((g: { name: string }) => g.name)).toEqual(['Partner set']);
    const [partner] = await w.t.db.select().from(accounts).where(eq(accounts.id, w.partner.id));
    const byEmail = await api(
      w,
      'GET',
      `/admin/firmwares/active?search=${partner.email.slice(0, 12)}`,
      w.admin.token,
    );
    expect(byEmail.json().map((g: { name: string }) => g.name)).toEqual(['Partner set']);
  });
});

describe('admin writes on a partner’s build', () => {
  it('configures a refund pool the partner never sees but keeps', async () => {
    const { set, build } = await ownBuild('Refund set');
    const res = await api(
      w,
      'PATCH',
      `/admin/firmwares/pool?firmware_id=${build.id}&user_id=${w.partner.id}`,
      w.admin.token,
      {
        fee_pools_configs: [...pools([{ fee: 0.5 }]), refund],
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', is_updating: true });
    expect(res.json().fee_pools_configs).toHaveLength(3);

    const mine = (
      await api(w, 'GET', `/client/firmware/firmwares?group_id=${set.id}`, w.partner.token)
    ).json();
    expect(mine[0].fee_pools_configs.map((p: { type_fee_pool: string }) => p.type_fee_pool)).toEqual([
      'devfee',
      'fee',
    ]);

    const edit = await api(w, 'PATCH', `/client/firmware/firmwares/${build.id}/pool`, w.partner.token, {
      fee_pools_configs: pools([{ fee: 2.5 }]),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const [row] = await w.t.db
      .select()
      .from(builds)
      .where(eq(builds.id, build.id as number));
    expect(row.fee_pools_configs.map((p) => [p.type_fee_pool, p.fee])).toEqual([
      ['devfee', 2.5],
      ['fee', 1.5],
      ['refund', 1],
    ]);
    expect((row.job_spec as { pools: unknown[] }).pools).toHaveLength(3);
  });

  it('edits and rebuilds any build; user_id must be its owner', async () => {
    const { build } = await ownBuild('Edited set');
    expectError(
      await api(w, 'PATCH', `/admin/firmwares?firmware_id=${build.id}&user_id=${w.other.id}`, w.admin.token, {
        platform: 'xilinx',
      }),
      404,
    );
    const res = await api(
      w,
      'PATCH',
      `/admin/firmwares?firmware_id=${build.id}&user_id=${w.partner.id}`,
      w.admin.token,
      {
        platform: 'xilinx',
        options: { fan_control: false },
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      platform: 'xilinx',
      user_id: w.partner.id,
      options: { fan_control: false },
    });
    const rebuilt = await api(w, 'POST', `/admin/firmwares/rebuild?firmware_id=${build.id}`, w.admin.token);
    expect(rebuilt.json()).toMatchObject({ status: 'pending', is_updating: true });
  });

  it('upgrades a partner’s set only to releases the partner may see', async () => {
    const { set } = await ownBuild('Upgraded set');
    const res = await api(w, 'POST', `/admin/groups/${set.id}/upgrade`, w.admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().versions).toEqual([{ model: 'S19 Pro', release_id: w.releases.x19v2 }]);
  });

  it('edits, rebuilds and removes a partner’s set', async () => {
    const { set, build } = await ownBuild('Removed set');
    const patch = await api(w, 'PATCH', `/admin/groups/${set.id}`, w.admin.token, {
      name: 'Renamed',
      is_favorite: true,
    });
    expect(patch.json()).toMatchObject({ name: 'Renamed', is_favorite: true, user_id: w.partner.id });
    expect((await api(w, 'POST', `/admin/groups/${set.id}/rebuild`, w.admin.token)).json()).toMatchObject({
      count_pending: 1,
    });
    const dir = path.join(w.dataDir, 'artifacts');
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${build.uuid}.tar.gz`);
    await writeFile(file, 'x');
    expect(
      (await api(w, 'DELETE', `/admin/groups/${set.id}?full_clean=true`, w.admin.token)).statusCode,
    ).toBe(204);
    expect(existsSync(file)).toBe(false);
    expectError(await api(w, 'POST', `/admin/groups/${set.id}/rebuild`, w.admin.token), 404);
  });

  it('removes any build', async () => {
    const { build: otherBuild } = await ownBuild('Spare', w.other);
    expect(otherBuild.user_id).toBe(w.other.id);
    expect((await api(w, 'DELETE', `/admin/firmwares/${otherBuild.id}`, w.admin.token)).statusCode).toBe(204);
    expectError(await api(w, 'DELETE', `/admin/firmwares/${otherBuild.id}`, w.admin.token), 404);
  });
});
