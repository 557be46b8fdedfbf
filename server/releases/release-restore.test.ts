import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, builds, releases } from '../platform/db/schema';
import { api, buildBody, createBuildWorld, createSet, submit } from '../test/build-fixtures';
import { createSignedIn, expectError } from '../test/helper';
import { sharedWorld } from '../test/shared-world';
import { findReleaseRow } from './releases-repository';

const w = sharedWorld(createBuildWorld);

const auditRows = (action: string, objectId: number) =>
  w.t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.object_id, String(objectId))));

const restore = (id: number, token = w.admin.token) => api(w, 'POST', `/admin/releases/${id}/restore`, token);
const remove = (id: number) => api(w, 'DELETE', `/admin/releases/${id}`, w.admin.token);

describe('removing and restoring a release (issue 17)', () => {
  it('an admin restores a removed release; both steps are in the audit log', async () => {
    const id = w.releases.x19v2;
    expect((await remove(id)).statusCode).toBe(204);
    expect(await auditRows('release.remove', id)).toHaveLength(1);
    const res = await restore(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, is_removed: false, version: '1.1.0' });
    const [row] = await auditRows('release.restore', id);
    expect(row).toMatchObject({ actor_id: w.admin.id, object_type: 'release', after: { is_removed: false } });
    const list = await api(w, 'GET', '/client/releases', w.partner.token);
    expect(list.json().some((r: { id: number }) => r.id === id)).toBe(true);
  });

  it('refuses partners and developers, and a release that is not removed', async () => {
    const id = w.releases.x21v1;
    const developer = await createSignedIn(w.t.app, w.t.db, { role: 'developer' });
    expectError(await restore(id), 404);
    expect((await remove(id)).statusCode).toBe(204);
    expectError(await restore(id, w.partner.token), 403);
    expectError(await restore(id, developer.token), 403);
    expect((await findReleaseRow(w.t.db, id))?.is_removed).toBe(true);
  });

  it('refuses clearly to restore a release whose version a live release now holds', async () => {
    const [old] = await w.t.db
      .insert(releases)
      .values({ series: 'x19', version: '2.0.0', stage: 'stable', is_removed: true, is_draft: false })
      .returning({ id: releases.id });
    const [live] = await w.t.db
      .insert(releases)
      .values({ series: 'x19', version: '2.0.0', stage: 'stable', is_draft: false })
      .returning({ id: releases.id });
    const res = await restore(old.id);
    expectError(
      res,
      409,
      `Version 2.0.0 of x19 (stable) is now held by release ${live.id}: change or remove that release first, ` +
        'then restore this one',
    );
    expect((await findReleaseRow(w.t.db, old.id))?.is_removed).toBe(true);
    expect(await auditRows('release.restore', old.id)).toHaveLength(0);
  });
});

describe('editing a deployed release (issue 17)', () => {
  it('moves its builds to the re-created release, keeps its date, and a rebuild builds the new one', async () => {
    const setId = (await createSet(w, w.partner.token, 'Follow')).id as number;
    const build = await submit(w, w.partner.token, buildBody(w, setId, { release_id: w.releases.x19v1 }));
    const before = await findReleaseRow(w.t.db, w.releases.x19v1);
    const res = await api(w, 'PATCH', `/admin/releases/${w.releases.x19v1}`, w.admin.token, {
      stage_number: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    const newId = res.json().id as number;
    expect(newId).not.toBe(w.releases.x19v1);
    expect(res.json().created_at).toBe(before?.created_at.toISOString());

    const [row] = await w.t.db.select().from(builds).where(eq(builds.id, build.id));
    expect(row.release_id).toBe(newId);
    const [audit] = await auditRows('release.update', newId);
    expect(audit).toMatchObject({ before: { id: w.releases.x19v1, stage_number: 0 }, after: { id: newId } });

    const rebuilt = await api(
      w,
      'POST',
      `/client/firmware/firmwares/rebuild?firmware_id=${build.id}`,
      w.partner.token,
    );
    expect(rebuilt.statusCode, rebuilt.body).toBe(200);
    expect(rebuilt.json().release_id).toBe(newId);
    const [spec] = await w.t.db
      .select({ job_spec: builds.job_spec })
      .from(builds)
      .where(eq(builds.id, build.id));
    expect((spec.job_spec as { release: { id: number } }).release.id).toBe(newId);
  });
});
