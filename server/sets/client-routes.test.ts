import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertLogoSet } from '../accounts/logos-repository';
import { insertSshKey } from '../accounts/ssh-keys-repository';
import { updateBuild } from '../builds/builds-repository';
import {
  api,
  buildBody,
  createBuildWorld,
  createSet,
  getSet,
  rowCounts,
  submit,
} from '../test/build-fixtures';
import { expectError, expectValidationError } from '../test/helper';
import { sharedWorld } from '../test/shared-world';
import { recountSet } from './sets-repository';

const w = sharedWorld(createBuildWorld);

let keyId: number;
let logoId: number;
let otherKeyId: number;

beforeAll(async () => {
  keyId = (
    await insertSshKey(w.t.db, w.partner.id, {
      name: 'laptop',
      key: 'ssh-ed25519 AAAA1 me',
      fingerprint: 'f1',
    })
  ).id;
  otherKeyId = (
    await insertSshKey(w.t.db, w.other.id, { name: 'theirs', key: 'ssh-ed25519 AAAA2 x', fingerprint: 'f2' })
  ).id;
  const logo = { le_file: 'a.png', le_type: 'image/png', de_file: 'b.png', de_type: 'image/png' };
  logoId = (await insertLogoSet(w.t.db, { ...logo, account_id: w.partner.id }, false)).id;
});

const GROUPS = '/client/firmware/groups';

describe('POST /client/firmware/groups', () => {
  it('creates a set with its counters at zero and a link uuid', async () => {
    const set = await createSet(w, w.partner.token, '  Farm A  ', {
      description: 'north hall',
      logo_id: logoId,
      ssh_keys: [keyId, keyId],
      is_favorite: true,
    });
    expect(set).toMatchObject({
      user_id: w.partner.id,
      name: 'Farm A',
      description: 'north hall',
      logo_id: logoId,
      ssh_keys: [keyId],
      is_favorite: true,
      is_removed: false,
      versions: [],
      models: [],
      count_firmwares: 0,
      count_pending: 0,
      count_in_progress: 0,
      count_failed: 0,
      count_removed_firmwares: 0,
    });
    expect(set.link_uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect((await createSet(w, w.partner.token, 'Plain set')).logo_id).toBe(1);
  });

  it.each([
    ['', 'Name is required'],
    ['ab', 'Minimum 3 characters'],
    ['bad/name', 'Only letters, numbers, spaces and _ - .'],
    ['farm a', 'Name already exists'],
  ])('refuses the name %j: %s', async (name, msg) => {
    const before = await rowCounts(w.t.db);
    const issue = expectValidationError(await api(w, 'POST', GROUPS, w.partner.token, { name }), 'name');
    expect(issue.msg).toBe(msg);
    expect(await rowCounts(w.t.db)).toEqual(before);
  });

  it('lets another partner use the same name', async () => {
    await createSet(w, w.other.token, 'Farm A');
  });

  it('answers 404 for another partner’s key or logo', async () => {
    const before = await rowCounts(w.t.db);
    expectError(await api(w, 'POST', GROUPS, w.partner.token, { name: 'Keys', ssh_keys: [otherKeyId] }), 404);
    expectError(
      await api(w, 'POST', GROUPS, w.other.token, { name: 'Logo', logo_id: logoId }),
      404,
      'Logo not found',
    );
    expect(await rowCounts(w.t.db)).toEqual(before);
  });
});

describe('GET /client/firmware/groups', () => {
  it('pages my sets, newest first, with the list headers', async () => {
    for (let i = 0; i < 21; i += 1) await createSet(w, w.tester.token, `Batch ${String(i).padStart(2, '0')}`);
    const first = await api(w, 'GET', GROUPS, w.tester.token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page']).toBe('0');
    expect(first.headers['x-page-size']).toBe('20');
    expect(first.headers['x-total-count']).toBe('21');
    expect(first.json()).toHaveLength(20);
    expect(first.json()[0].name).toBe('Batch 20');
    const second = await api(w, 'GET', `${GROUPS}?page=1`, w.tester.token);
    expect(second.headers['x-page']).toBe('1');
    expect(second.json().map((g: { name: string }) => g.name)).toEqual(['Batch 00']);
    expect(second.headers['x-total-count']).toBe('21');
    // Past the end: no sets, and still the total.
    const past = await api(w, 'GET', `${GROUPS}?page=5`, w.tester.token);
    expect([past.json(), past.headers['x-total-count']]).toEqual([[], '21']);
  });

  it('lists only my own sets, filtered by search and favourites', async () => {
    const mine = (await api(w, 'GET', GROUPS, w.partner.token)).json();
    expect(mine.map((g: { name: string }) => g.name)).toEqual(['Plain set', 'Farm A']);
    const search = await api(w, 'GET', `${GROUPS}?search=FARM`, w.partner.token);
    expect(search.json().map((g: { name: string }) => g.name)).toEqual(['Farm A']);
    expect(search.headers['x-total-count']).toBe('1');
    const favourites = await api(w, 'GET', `${GROUPS}?is_favorite=true`, w.partner.token);
    expect(favourites.json().map((g: { name: string }) => g.name)).toEqual(['Farm A']);
    expectValidationError(await api(w, 'GET', `${GROUPS}?page=-1`, w.partner.token), 'page');
  });
});

describe('PATCH /client/firmware/groups/{id}', () => {
  it('edits my set and refuses a duplicate name', async () => {
    const set = await createSet(w, w.partner.token, 'Editable');
    const res = await api(w, 'PATCH', `${GROUPS}/${set.id}`, w.partner.token, {
      name: 'Edited',
      description: 'changed',
      is_favorite: true,
      ssh_keys: [],
      logo_id: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Edited',
      description: 'changed',
      is_favorite: true,
      logo_id: 1,
    });
    const dup = await api(w, 'PATCH', `${GROUPS}/${set.id}`, w.partner.token, { name: 'FARM A' });
    expect(expectValidationError(dup, 'name').msg).toBe('Name already exists');
    // Its own name (another case) is fine.
    expect(
      (await api(w, 'PATCH', `${GROUPS}/${set.id}`, w.partner.token, { name: 'EDITED' })).statusCode,
    ).toBe(200);
  });

  it('answers 404 for another partner’s set, on every write', async () => {
    const set = await createSet(w, w.partner.token, 'Private');
    const id = set.id;
    expectError(
      await api(w, 'PATCH', `${GROUPS}/${id}`, w.other.token, { name: 'Stolen' }),
      404,
      'Set not found',
    );
    expectError(await api(w, 'POST', `${GROUPS}/${id}/rebuild`, w.other.token), 404);
    expectError(await api(w, 'POST', `${GROUPS}/${id}/upgrade`, w.other.token), 404);
    expectError(await api(w, 'DELETE', `${GROUPS}/${id}`, w.other.token), 404);
    expectError(await api(w, 'GET', `/client/firmware/firmwares?group_id=${id}`, w.other.token), 404);
    expect((await getSet(w, w.partner.token, id)).name).toBe('Private');
  });
});

describe('set counters, versions and the set actions', () => {
  let set: Record<string, unknown>;
  let builds: Record<string, unknown>[];

  beforeAll(async () => {
    set = await createSet(w, w.partner.token, 'Counted', { ssh_keys: [keyId], logo_id: logoId });
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

  it('counts the builds as they are submitted, and a build takes the set’s keys and logo', async () => {
    expect(builds[0]).toMatchObject({ ssh_keys: [keyId], logo_id: logoId });
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
    await w.t.db.transaction(async (tx) => {
      await updateBuild(tx, builds[1].id as number, { status: 'failed' });
      await updateBuild(tx, builds[2].id as number, { status: 'in_progress', progress: 40 });
      await recountSet(tx, set.id as number);
    });
    expect(await getSet(w, w.partner.token, set.id)).toMatchObject({
      count_firmwares: 3,
      count_pending: 1,
      count_in_progress: 1,
      count_failed: 1,
    });
  });

  it('rebuilds every build of the set', async () => {
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

    await updateBuild(w.t.db, builds[0].id as number, { status: 'done', is_updating: false });
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
    expect(names).not.toContain('Counted');
    expectError(await api(w, 'DELETE', `${GROUPS}/${set.id}`, w.partner.token), 404);
    expectError(await api(w, 'PATCH', `${GROUPS}/${set.id}`, w.partner.token, { name: 'Back' }), 404);
    // Its name is free again.
    await createSet(w, w.partner.token, 'Counted');
  });
});
