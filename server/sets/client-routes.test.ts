import { beforeAll, describe, expect, it } from 'vitest';
import { api, buildBody, createSet, getSet, pools, rowCounts, submit } from '../test/build-fixtures';
import { createSignedIn, expectError, expectValidationError } from '../test/helper';
import { createSetWorld } from '../test/set-fixtures';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createSetWorld);

const GROUPS = '/client/firmware/groups';

/** A new partner's token, with a set of each name (the first a favourite), oldest first. */
async function partnerWithSets(...names: string[]): Promise<string> {
  const { token } = await createSignedIn(w.t.app, w.t.db);
  for (const [i, name] of names.entries()) await createSet(w, token, name, { is_favorite: i === 0 });
  return token;
}

// A partner who has a set named Farm A, for the tests of names taken; w.partner's sets are the first test's.
let farmer: string;
beforeAll(async () => {
  farmer = await partnerWithSets('Farm A');
});

describe('POST /client/firmware/groups', () => {
  it('creates a set with its counters at zero and a link uuid', async () => {
    const set = await createSet(w, w.partner.token, '  Farm A  ', {
      description: 'north hall',
      logo_id: w.logoId,
      ssh_keys: [w.keyId, w.keyId],
      is_favorite: true,
    });
    expect(set).toMatchObject({
      user_id: w.partner.id,
      name: 'Farm A',
      description: 'north hall',
      logo_id: w.logoId,
      ssh_keys: [w.keyId],
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
    const issue = expectValidationError(await api(w, 'POST', GROUPS, farmer, { name }), 'name');
    expect(issue.msg).toBe(msg);
    expect(await rowCounts(w.t.db)).toEqual(before);
  });

  it('lets another partner use the same name', async () => {
    await createSet(w, w.other.token, 'Farm A');
  });

  it('answers 404 for another partner’s key or logo', async () => {
    const before = await rowCounts(w.t.db);
    expectError(
      await api(w, 'POST', GROUPS, w.partner.token, { name: 'Keys', ssh_keys: [w.otherKeyId] }),
      404,
    );
    expectError(
      await api(w, 'POST', GROUPS, w.other.token, { name: 'Logo', logo_id: w.logoId }),
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

  // Issue 37: a set row tells sets apart by what its builds are and by its main pool's worker.
  it('says what its builds are: platforms, install types and main pools’ workers', async () => {
    const { token } = await createSignedIn(w.t.app, w.t.db);
    const set = await createSet(w, token, 'Hall B');
    const empty = (await api(w, 'GET', GROUPS, token)).json()[0];
    expect(empty).toMatchObject({ platforms: [], install_types: [], main_workers: [] });
    await submit(w, token, buildBody(w, set.id, { fee_pools_configs: pools([{ worker: 'hallb' }]) }));
    await submit(
      w,
      token,
      buildBody(w, set.id, {
        model: 'S19j Pro',
        install_type: 'sd',
        fee_pools_configs: pools([{ worker: 'hallb' }]),
      }),
    );
    const listed = (await api(w, 'GET', GROUPS, token)).json()[0];
    expect(listed).toMatchObject({
      platforms: ['amlogic'],
      install_types: ['nand', 'sd'],
      main_workers: ['hallb'],
    });
  });

  it('lists only my own sets, filtered by search and favourites', async () => {
    const token = await partnerWithSets('Farm A', 'Plain set');
    const mine = (await api(w, 'GET', GROUPS, token)).json();
    expect(mine.map((g: { name: string }) => g.name)).toEqual(['Plain set', 'Farm A']);
    const search = await api(w, 'GET', `${GROUPS}?search=FARM`, token);
    expect(search.json().map((g: { name: string }) => g.name)).toEqual(['Farm A']);
    expect(search.headers['x-total-count']).toBe('1');
    const favourites = await api(w, 'GET', `${GROUPS}?is_favorite=true`, token);
    expect(favourites.json().map((g: { name: string }) => g.name)).toEqual(['Farm A']);
    expectValidationError(await api(w, 'GET', `${GROUPS}?page=-1`, token), 'page');
  });
});

describe('PATCH /client/firmware/groups/{id}', () => {
  it('edits my set and refuses a duplicate name', async () => {
    const token = await partnerWithSets('Farm A');
    const set = await createSet(w, token, 'Editable');
    const res = await api(w, 'PATCH', `${GROUPS}/${set.id}`, token, {
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
    const dup = await api(w, 'PATCH', `${GROUPS}/${set.id}`, token, { name: 'FARM A' });
    expect(expectValidationError(dup, 'name').msg).toBe('Name already exists');
    // Its own name (another case) is fine.
    expect((await api(w, 'PATCH', `${GROUPS}/${set.id}`, token, { name: 'EDITED' })).statusCode).toBe(200);
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
