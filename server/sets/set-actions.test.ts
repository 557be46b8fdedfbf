// A set's counters and versions as its builds come and go, and the set actions: rebuild, upgrade, remove.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, buildBody, createSet, getSet, submit } from '../test/build-fixtures';
import { stageBuild } from '../test/build-states';
import { expectError } from '../test/helper';
import { createSetWorld } from '../test/set-fixtures';
import { sharedWorld } from '../test/shared-world';
import { recountSet } from './sets-repository';

const w = sharedWorld(createSetWorld);

const GROUPS = '/client/firmware/groups';

describe('set counters, versions and the set actions', () => {
  let set: Record<string, unknown>;
  let builds: Record<string, unknown>[];
  let made = 0;

  // Each test gets its own set of three pending builds: the tests change their statuses and remove them.
  beforeEach(async () => {
    made += 1;
    const name = `Counted ${made}`;
    set = await createSet(w, w.partner.token, name, { ssh_keys: [w.keyId], logo_id: w.logoId });
    builds = [
      await submit(w, w.partner.token, buildBody(w, set.id as number)),
      await submit(w, w.partner.token, buildBody(w, set.id as number, { model: 'S19j Pro' })),
      await submit(
        w,
        w.partner.token,
        buildBody(w, set.id as number, { model: 'S19', platform: 'cvitek', install_type: 'sd' }),
      ),
    ];
  });

  /** The second build failed and the third at work, recounted as a status change is. */
  const failSecondRunThird = () =>
    w.t.db.transaction(async (tx) => {
      await stageBuild(tx, builds[1].id as number, { status: 'failed' });
      await stageBuild(tx, builds[2].id as number, { status: 'in_progress', progress: 40 });
      await recountSet(tx, set.id as number);
    });

  it('counts the builds as they are submitted, and a build takes the set’s keys and logo', async () => {
    expect(builds[0]).toMatchObject({ ssh_keys: [w.keyId], logo_id: w.logoId });
    const counted = await getSet(w, w.partner.token, set.id);
    expect(counted).toMatchObject({
      count_firmwares: 3,
      count_pending: 3,
      count_in_progress: 0,
      count_failed: 0,
    });
    expect(counted.models).toEqual(['S19', 'S19 Pro', 'S19j Pro']);
    expect(counted.versions).toContainEqual({ model: 'S19 Pro', release_id: w.releases.x19v1 });
  });

  it('follows status changes recounted in the same transaction', async () => {
    await failSecondRunThird();
    expect(await getSet(w, w.partner.token, set.id)).toMatchObject({
      count_firmwares: 3,
      count_pending: 1,
      count_in_progress: 1,
      count_failed: 1,
    });
  });

  it('rebuilds every build of the set', async () => {
    await failSecondRunThird();
    const res = await api(w, 'POST', `${GROUPS}/${set.id}/rebuild`, w.partner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count_pending: 3, count_failed: 0, count_in_progress: 0 });
    const list = (
      await api(w, 'GET', `/client/firmware/firmwares?group_id=${set.id}`, w.partner.token)
    ).json();
    expect(
      list.every(
        (b: { status: string; is_updating: boolean; progress: number }) =>
          b.status === 'pending' && b.is_updating && b.progress === 0,
      ),
    ).toBe(true);
  });

  it('upgrades every build to the newest release it may see, and force_rebuild requeues them', async () => {
    const res = await api(w, 'POST', `${GROUPS}/${set.id}/upgrade`, w.partner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().versions.every((v: { release_id: number }) => v.release_id === w.releases.x19v2)).toBe(
      true,
    );
    const list = (
      await api(w, 'GET', `/client/firmware/firmwares?group_id=${set.id}`, w.partner.token)
    ).json();
    expect(list.map((b: { release_version: string }) => b.release_version)).toEqual([
      '1.1.0',
      '1.1.0',
      '1.1.0',
    ]);
    // Nothing newer: still fine for a whole set.
    expect((await api(w, 'POST', `${GROUPS}/${set.id}/upgrade`, w.partner.token)).statusCode).toBe(200);

    await stageBuild(w.t.db, builds[0].id as number, { status: 'done', is_updating: false });
    const forced = await api(w, 'PATCH', `${GROUPS}/${set.id}`, w.partner.token, { force_rebuild: true });
    expect(forced.statusCode, forced.body).toBe(200);
    const again = (
      await api(w, 'GET', `/client/firmware/firmwares?group_id=${set.id}`, w.partner.token)
    ).json();
    expect(again.find((b: { id: unknown }) => b.id === builds[0].id)).toMatchObject({
      status: 'pending',
      is_updating: true,
    });
  });

  it('counts a removed build apart, and lists it only with is_removed', async () => {
    const res = await api(w, 'DELETE', `/client/firmware/firmwares/${builds[2].id}`, w.partner.token);
    expect(res.statusCode).toBe(204);
    expect(await getSet(w, w.partner.token, set.id)).toMatchObject({
      count_firmwares: 2,
      count_removed_firmwares: 1,
    });
    const live = (
      await api(w, 'GET', `/client/firmware/firmwares?group_id=${set.id}`, w.partner.token)
    ).json();
    expect(live).toHaveLength(2);
    const all = (
      await api(w, 'GET', `/client/firmware/firmwares?group_id=${set.id}&is_removed=true`, w.partner.token)
    ).json();
    expect(all).toHaveLength(3);
    // The removed model is still one of the set's models ('list of missing models').
    expect((await getSet(w, w.partner.token, set.id)).models).toContain('S19');
  });

  it('removes the set and its builds; full_clean deletes their files', async () => {
    const dir = path.join(w.dataDir, 'artifacts');
    await mkdir(dir, { recursive: true });
    const files = builds.map((b) => path.join(dir, `${b.uuid}.tar.gz`));
    for (const file of files) await writeFile(file, 'artifact');
    const keep = await createSet(w, w.partner.token, 'Kept files');
    const kept = await submit(w, w.partner.token, buildBody(w, keep.id as number));
    const keptFile = path.join(dir, `${kept.uuid}.tar.gz`);
    await writeFile(keptFile, 'artifact');

    expect(
      (await api(w, 'DELETE', `${GROUPS}/${keep.id}?full_clean=false`, w.partner.token)).statusCode,
    ).toBe(204);
    const { existsSync } = await import('node:fs');
    expect(existsSync(keptFile)).toBe(true);

    const res = await api(w, 'DELETE', `${GROUPS}/${set.id}?full_clean=true`, w.partner.token);
    expect(res.statusCode).toBe(204);
    expect(files.map((file) => existsSync(file))).toEqual([false, false, false]);
    const removed = await getSet(w, w.partner.token, set.id);
    expect(removed).toMatchObject({ is_removed: true, count_firmwares: 0, count_removed_firmwares: 3 });
    const names = (await api(w, 'GET', GROUPS, w.partner.token)).json().map((g: { name: string }) => g.name);
    expect(names).not.toContain(set.name);
    expectError(await api(w, 'DELETE', `${GROUPS}/${set.id}`, w.partner.token), 404);
    expectError(await api(w, 'PATCH', `${GROUPS}/${set.id}`, w.partner.token, { name: 'Back' }), 404);
    // Its name is free again.
    await createSet(w, w.partner.token, set.name as string);
  });
});
