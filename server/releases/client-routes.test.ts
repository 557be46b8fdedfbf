import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedIn, createTestApp, expectError, request, type TestApp } from '../test/helper';
import { createReleaseSources, makeRelease, type ReleaseSources } from '../test/release-sources';

let t: TestApp;
let sources: ReleaseSources;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  sources = await createReleaseSources(t.db);
  const accounts: Record<string, { id: number }> = {};
  for (const role of ['admin', 'developer', 'tester', 'user'] as const) {
    const signed = await createSignedIn(t.app, t.db, { role });
    tokens[role] = signed.token;
    accounts[role] = signed.account;
  }
  const other = await createSignedIn(t.app, t.db, { role: 'developer' });
  const me = accounts.developer.id;
  const admin = accounts.admin.id;
  const make = (values: Parameters<typeof makeRelease>[1]) =>
    makeRelease(t.db, { user_id: admin, ...values });
  // One release per case of spec §6, oldest first.
  ids.stablePublic = await make({ stage: 'stable' });
  ids.stableNotPublic = await make({ stage: 'stable', is_public: false });
  ids.stableDraft = await make({ stage: 'stable', is_draft: true, is_public: false });
  ids.beta = await make({ stage: 'beta' });
  ids.alpha = await make({ stage: 'alpha' });
  ids.rc = await make({ stage: 'rc' });
  ids.prerelease = await make({ stage: 'prerelease' });
  ids.devOwn = await make({ stage: 'dev', user_id: me });
  ids.devOther = await make({ stage: 'dev', user_id: other.account.id });
  ids.draftOwn = await make({ stage: 'beta', is_draft: true, is_public: false, user_id: me });
  ids.draftOther = await make({ stage: 'beta', is_draft: true, is_public: false, user_id: other.account.id });
  ids.removed = await make({ stage: 'stable', is_removed: true });
  ids.removedOwn = await make({ stage: 'dev', is_removed: true, user_id: me });
  ids.x17 = await make({ series: 'x17', stage: 'stable' });
  ids.t2t = await make({ series: 't2t', stage: 'stable' });
  ids.x21 = await make({ series: 'x21', stage: 'stable' });
});

afterAll(async () => {
  await t.close();
  await sources.cleanup();
});

const visible = async (role: string, query = '') => {
  const res = await request(t.app, { url: `/api/client/releases${query}`, token: tokens[role] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: number }[]>().map((r) => r.id);
};

const named = (...names: string[]) => names.map((name) => ids[name]).sort((a, b) => b - a);

describe('GET /api/client/releases', () => {
  it('shows an admin every release but the removed ones, newest first', async () => {
    const all = Object.keys(ids).filter((name) => !name.startsWith('removed'));
    expect(await visible('admin')).toEqual(named(...all));
    expect(await visible('admin', '?include_deleted=false')).toEqual(named(...all));
    expect(await visible('admin', '?include_deleted=')).toEqual(named(...all));
  });

  it('shows an admin the removed ones too with include_deleted', async () => {
    expect(await visible('admin', '?include_deleted=true')).toEqual(named(...Object.keys(ids)));
  });

  it('shows a developer published releases outside dev, its own dev releases and drafts', async () => {
    const expected = named(
      'stablePublic',
      'stableNotPublic',
      'beta',
      'alpha',
      'rc',
      'prerelease',
      'devOwn',
      'draftOwn',
      'x21',
    );
    expect(await visible('developer')).toEqual(expected);
    expect(await visible('developer', '?include_deleted=true')).toEqual(expected);
  });

  it('shows a tester public releases outside dev and prerelease', async () => {
    const expected = named('stablePublic', 'beta', 'alpha', 'rc', 'x21');
    expect(await visible('tester')).toEqual(expected);
    expect(await visible('tester', '?include_deleted=true')).toEqual(expected);
  });

  it('shows a partner public stable releases only, whatever the query', async () => {
    const expected = named('stablePublic', 'x21');
    expect(await visible('user')).toEqual(expected);
    expect(await visible('user', '?include_deleted=true')).toEqual(expected);
  });

  it('answers each release whole', async () => {
    const res = await request(t.app, { url: '/api/client/releases', token: tokens.user });
    const release = res.json<Record<string, unknown>[]>().find((r) => r.id === ids.x21);
    expect(release).toEqual({
      id: ids.x21,
      series: 'x21',
      version: expect.stringMatching(/^0\.\d+\.0$/),
      stage: 'stable',
      stage_number: 0,
      parent: null,
      tags: [
        { repository_name: 'firmware-x21', tag_name: 'v1.1.0' },
        { repository_name: 'web-ui', tag_name: 'v1.1.0' },
      ],
      is_draft: false,
      is_public: true,
      is_removed: false,
      user_id: expect.any(Number),
      descriptions: [
        { language: 'en', description: expect.stringMatching(/^Release notes/) },
        { language: 'ru', description: expect.stringMatching(/^Описание выпуска/) },
      ],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
      deploy_requested_at: null,
    });
  });

  it('rejects a malformed include_deleted and needs a signed-in user', async () => {
    const res = await request(t.app, {
      url: '/api/client/releases?include_deleted=maybe',
      token: tokens.admin,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      { loc: ['query', 'include_deleted'], msg: 'Must be a boolean', type: 'value_error' },
    ]);
    expectError(await request(t.app, { url: '/api/client/releases' }), 401);
  });
});

describe('GET /api/client/languages', () => {
  it('lists en and ru for any signed-in user', async () => {
    for (const role of ['user', 'admin']) {
      const res = await request(t.app, { url: '/api/client/languages', token: tokens[role] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([{ name: 'en' }, { name: 'ru' }]);
    }
    expectError(await request(t.app, { url: '/api/client/languages' }), 401);
  });
});
