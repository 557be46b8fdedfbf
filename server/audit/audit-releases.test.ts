// Issue 17: each release change leaves its audit row (created, updated, published, unpublished, removed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastAudit } from '../test/audit-fixtures';
import { createSignedIn, createTestApp, request, type TestApp } from '../test/helper';
import { createReleaseSources, demoTags, type ReleaseSources } from '../test/release-sources';

let t: TestApp;
let sources: ReleaseSources;
let admin: { token: string; account: { id: number } };

beforeAll(async () => {
  t = await createTestApp();
  sources = await createReleaseSources(t.db);
  admin = await createSignedIn(t.app, t.db, { role: 'admin' });
});

afterAll(async () => {
  await t.close();
  await sources.cleanup();
});

const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  request(t.app, { method, url: `/api/admin/releases${url}`, token: admin.token, body });

/** Adds a beta release of x19 with `descriptions` (201); answers its id. */
async function createBeta(version: string, descriptions: { language: string; description: string }[]) {
  const created = await call('POST', '', {
    series: 'x19',
    version,
    stage: 'beta',
    tags: demoTags('x19'),
    descriptions,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

describe('release changes in the audit log', () => {
  it('create, update, publish, unpublish and remove each write their row with before and after', async () => {
    const id = await createBeta('7.0.0-beta.1', [{ language: 'en', description: 'Audited.' }]);
    expect(await lastAudit(t.db, 'release.create')).toMatchObject({
      actor_id: admin.account.id,
      object_type: 'release',
      object_id: String(id),
      before: null,
      after: { series: 'x19', version: '7.0.0-beta.1', stage: 'beta', is_draft: true },
    });

    expect((await call('PATCH', `/${id}`, { version: '7.0.1-beta.1' })).statusCode).toBe(200);
    expect(await lastAudit(t.db, 'release.update')).toMatchObject({
      object_id: String(id),
      before: { version: '7.0.0-beta.1' },
      after: { version: '7.0.1-beta.1' },
    });

    const published = await call('PATCH', `/${id}`, { is_draft: false });
    expect(published.statusCode, published.body).toBe(200);
    expect(await lastAudit(t.db, 'release.publish')).toMatchObject({
      object_id: String(id),
      before: { is_draft: true },
      after: { is_draft: false },
    });

    // A published release is replaced by a new one: the row names the new id and shows the replacement.
    const unpublished = await call('PATCH', `/${id}`, { is_draft: true });
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    const newId = unpublished.json().id;
    expect(newId).not.toBe(id);
    expect(await lastAudit(t.db, 'release.unpublish')).toMatchObject({
      object_id: String(newId),
      before: { is_draft: false, id },
      after: { is_draft: true, id: newId },
    });

    expect((await call('DELETE', `/${newId}`)).statusCode).toBe(204);
    expect(await lastAudit(t.db, 'release.remove')).toMatchObject({
      object_id: String(newId),
      before: { version: '7.0.1-beta.1', is_removed: false },
      after: { is_removed: true },
    });
  });

  it('a change of descriptions is an update with the texts before and after', async () => {
    const id = await createBeta('7.5.0-beta.1', [
      { language: 'en', description: 'Old text.' },
      { language: 'ru', description: 'Старый текст.' },
    ]);
    const res = await call('PATCH', `/${id}/descriptions`, {
      descriptions: [
        { language: 'en', description: 'New text.' },
        { language: 'ru', description: '' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastAudit(t.db, 'release.update')).toMatchObject({
      object_id: String(id),
      before: { descriptions: { en: 'Old text.', ru: 'Старый текст.' } },
      after: { descriptions: { en: 'New text.', ru: null } },
    });
  });
});
