import { describe, expect, it } from 'vitest';
import { createSignedIn, expectError, expectValidationError, request } from '../test/helper';
import { countReleaseRows, createReleaseWorld, demoTags, makeRelease } from '../test/release-sources';
import { sharedWorld } from '../test/shared-world';
import { findReleaseRow } from './releases-repository';

const t = sharedWorld(createReleaseWorld);

const patch = (id: number, body: unknown, token = t.admin.token) =>
  request(t.app, { method: 'PATCH', url: `/api/admin/releases/${id}`, token, body });
const draft = () =>
  makeRelease(t.db, { is_draft: true, is_public: false, stage: 'beta', user_id: t.developer.account.id });
const published = () => makeRelease(t.db, { stage: 'beta', user_id: t.developer.account.id });
const ago = (iso: string | null) => (iso === null ? Number.POSITIVE_INFINITY : Date.now() - Date.parse(iso));

describe('PATCH /api/admin/releases/{id}', () => {
  it('changes a draft in place', async () => {
    const id = await draft();
    const res = await patch(id, {
      version: '5.0.0-beta.1',
      stage_number: 3,
      tags: demoTags('x19', 'v1.1.0-rc.1'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      version: '5.0.0-beta.1',
      stage: 'beta',
      stage_number: 3,
      is_draft: true,
      is_removed: false,
      tags: demoTags('x19', 'v1.1.0-rc.1'),
      deploy_requested_at: null,
    });
  });

  it('publishes a draft in place and records a deploy request', async () => {
    const id = await draft();
    const res = await patch(id, { is_draft: false, is_public: true }, t.developer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, is_draft: false, is_public: true });
    expect(ago(res.json().deploy_requested_at)).toBeLessThan(60_000);
  });

  it('removes a published release and creates it again with the changes and its descriptions', async () => {
    const id = await published();
    const before = (await request(t.app, { url: '/api/client/releases', token: t.admin.token }))
      .json<{ id: number; descriptions: unknown }[]>()
      .find((r) => r.id === id);
    const res = await patch(id, {
      version: '6.0.0-beta.1',
      parent: null,
      tags: demoTags('x19', 'v1.1.0-beta.1'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const recreated = res.json();
    expect(recreated.id).toBeGreaterThan(id);
    expect(recreated).toMatchObject({
      series: 'x19',
      version: '6.0.0-beta.1',
      stage: 'beta',
      is_draft: false,
      is_public: true,
      is_removed: false,
      user_id: t.developer.account.id,
      tags: demoTags('x19', 'v1.1.0-beta.1'),
      descriptions: before?.descriptions,
    });
    expect(ago(recreated.deploy_requested_at)).toBeLessThan(60_000);
    expect((await findReleaseRow(t.db, id))?.is_removed).toBe(true);
    const withRemoved = await request(t.app, {
      url: '/api/client/releases?include_deleted=true',
      token: t.admin.token,
    });
    expect(withRemoved.json().find((r: { id: number }) => r.id === id).is_removed).toBe(true);
  });

  it('keeps the tags of a recreated release when none are sent', async () => {
    const id = await published();
    const res = await patch(id, { is_public: false });
    expect(res.json()).toMatchObject({ is_public: false, tags: demoTags('x19') });
    expect(res.json().id).not.toBe(id);
  });

  it('redeploys a published release with a new deploy request, and nothing else changes', async () => {
    const id = await published();
    const res = await patch(id, { redeploy: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().id).toBe(id);
    expect(ago(res.json().deploy_requested_at)).toBeLessThan(60_000);
    const withChange = await patch(id, { stage_number: 7, redeploy: true });
    expect(withChange.json()).toMatchObject({ stage_number: 7, is_removed: false });
    expect(withChange.json().id).toBeGreaterThan(id);
  });

  it('refuses an empty change, a change to the same values and a redeploy of a draft', async () => {
    const id = await draft();
    const row = await findReleaseRow(t.db, id);
    for (const body of [{}, { version: row?.version, stage: 'beta', is_draft: true }, { redeploy: true }]) {
      const before = await countReleaseRows(t.db);
      const res = await patch(id, body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        detail: [{ loc: ['body'], msg: 'no changes made, nothing to submit', type: 'value_error' }],
      });
      expect(await countReleaseRows(t.db)).toEqual(before);
    }
    const sameTags = await patch(await published(), { tags: [...demoTags('x19')].reverse() });
    expect(sameTags.statusCode).toBe(422);
  });

  it('validates as creation does, writing nothing', async () => {
    const taken = await makeRelease(t.db, { stage: 'beta', version: '7.0.0-beta.1' });
    const other = await makeRelease(t.db, { series: 'x21' });
    for (const id of [await draft(), await published()]) {
      const cases: [Record<string, unknown>, string, string?][] = [
        [{ version: '7.0.0-beta.1' }, 'version', 'Version already exists for this series and stage'],
        [{ version: 'bad version' }, 'version'],
        [{ stage: 'omega' }, 'stage'],
        [{ parent: other }, 'parent'],
        [{ parent: id }, 'parent'],
        [{ tags: demoTags('x19', 'v9') }, 'tag_name', 'Tag v9 not found in firmware-x19'],
        [{ tags: [demoTags('x19')[0]] }, 'tags', 'A tag for web-ui is required'],
        [{ series: 'x21' }, 'series', 'Extra field not permitted'],
      ];
      for (const [body, field, msg] of cases) {
        const before = await countReleaseRows(t.db);
        const issue = expectValidationError(await patch(id, body), field);
        if (msg) expect(issue.msg).toBe(msg);
        expect(await countReleaseRows(t.db)).toEqual(before);
        expect((await findReleaseRow(t.db, id))?.is_removed).toBe(false);
      }
    }
    expect(taken).toBeGreaterThan(0);
  });

  it('lets a developer change only its own releases, and nobody change a removed one', async () => {
    const id = await published();
    expectError(await patch(id, { stage_number: 1 }, t.otherDeveloper.token), 403);
    const { token: partner } = await createSignedIn(t.app, t.db, { role: 'user' });
    expectError(await patch(id, { stage_number: 1 }, partner), 403);
    const removed = await makeRelease(t.db, { is_removed: true });
    expectError(await patch(removed, { stage_number: 1 }), 404, 'Release not found');
    expectError(await patch(999_999, { stage_number: 1 }), 404);
  });
});

describe('PATCH /api/admin/releases/{release_id}/descriptions', () => {
  const describeAs = (id: number, descriptions: unknown, token = t.admin.token) =>
    request(t.app, {
      method: 'PATCH',
      url: `/api/admin/releases/${id}/descriptions`,
      token,
      body: { descriptions },
    });

  it('sets descriptions per language in place; a blank one goes', async () => {
    const id = await published();
    const res = await describeAs(id, [{ language: 'ru', description: 'Новое описание.' }], t.developer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().id).toBe(id);
    expect(res.json().descriptions).toEqual([
      { language: 'en', description: expect.any(String) },
      { language: 'ru', description: 'Новое описание.' },
    ]);
    const cleared = await describeAs(id, [{ language: 'ru', description: '' }]);
    expect(cleared.json().descriptions.map((d: { language: string }) => d.language)).toEqual(['en']);
  });

  it('never empties the default language, and refuses unknown languages and other authors', async () => {
    const id = await published();
    const blank = await describeAs(id, [{ language: 'en', description: ' ' }]);
    expect(expectValidationError(blank, 'descriptions').msg).toBe('Description for en is required');
    expectValidationError(await describeAs(id, [{ language: 'xx', description: 'a' }]), 'language');
    expectError(await describeAs(id, [{ language: 'en', description: 'a' }], t.otherDeveloper.token), 403);
    expectError(await describeAs(999_999, [{ language: 'en', description: 'a' }]), 404);
  });
});

describe('DELETE /api/admin/releases/{id}', () => {
  const remove = (id: number, token = t.admin.token) =>
    request(t.app, { method: 'DELETE', url: `/api/admin/releases/${id}`, token });

  it('removes softly; the release disappears for everyone but an admin asking for removed ones', async () => {
    const id = await published();
    const { token: partner } = await createSignedIn(t.app, t.db, { role: 'user' });
    const res = await remove(id, t.developer.token);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await findReleaseRow(t.db, id))?.is_removed).toBe(true);
    for (const token of [partner, t.developer.token, t.admin.token]) {
      const list = await request(t.app, { url: '/api/client/releases', token });
      expect(list.json().some((r: { id: number }) => r.id === id)).toBe(false);
    }
    expectError(await remove(id), 404);
  });

  it("refuses a developer removing another's release, and partners", async () => {
    const id = await published();
    expectError(await remove(id, t.otherDeveloper.token), 403);
    const { token: partner } = await createSignedIn(t.app, t.db, { role: 'user' });
    expectError(await remove(id, partner), 403);
    expect((await findReleaseRow(t.db, id))?.is_removed).toBe(false);
    expect((await remove(id)).statusCode).toBe(204);
  });
});
