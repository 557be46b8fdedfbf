import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../platform/db/schema';
import { api, buildBody, createBuildWorld, createSet, getSet, pools, submit } from '../test/build-fixtures';
import { stageBuild } from '../test/build-states';
import { expectError } from '../test/helper';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createBuildWorld);

const restore = (id: unknown, token = w.admin.token) => api(w, 'POST', `/admin/groups/${id}/restore`, token);
const audit = (action: string, id: unknown) =>
  w.t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.object_id, String(id))));
let n = 0;
const build = (setId: number) => {
  n += 1;
  return submit(
    w,
    w.partner.token,
    buildBody(w, setId, { fee_pools_configs: pools([{}, { worker: `rig${n}` }]) }),
  );
};
const buildsOf = async (setId: unknown) =>
  (await api(w, 'GET', `/client/firmware/firmwares?group_id=${setId}&is_removed=true`, w.partner.token)).json<
    { id: number; is_removed: boolean }[]
  >();

describe('removed sets (issue 17)', () => {
  it('an admin restores a set with the builds its removal took; both steps are in the audit log', async () => {
    const set = await createSet(w, w.partner.token, 'Comes back');
    const kept = await build(set.id as number);
    const gone = await build(set.id as number);
    expect(
      (await api(w, 'DELETE', `/client/firmware/firmwares/${gone.id}`, w.partner.token)).statusCode,
    ).toBe(204);
    expect((await api(w, 'DELETE', `/admin/groups/${set.id}`, w.admin.token)).statusCode).toBe(204);
    expect(await audit('set.remove', set.id)).toMatchObject([
      { actor_id: w.admin.id, after: { builds: [kept.id] } },
    ]);

    const shown = await api(
      w,
      'GET',
      `/admin/firmwares/users/${w.partner.id}/groups?is_removed=true`,
      w.admin.token,
    );
    expect(shown.json().find((g: { id: unknown }) => g.id === set.id)).toMatchObject({ is_removed: true });

    const res = await restore(set.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: set.id, is_removed: false, count_firmwares: 1 });
    expect(await getSet(w, w.partner.token, set.id)).toMatchObject({
      is_removed: false,
      count_removed_firmwares: 1,
    });
    const builds = await buildsOf(set.id);
    expect(builds.find((b) => b.id === kept.id)?.is_removed).toBe(false);
    expect(builds.find((b) => b.id === gone.id)?.is_removed).toBe(true);
    expect(await audit('set.restore', set.id)).toHaveLength(1);
    expectError(await restore(set.id), 404);
  });

  it('refuses clearly while the owner has another set of that name, and refuses partners', async () => {
    const set = await createSet(w, w.partner.token, 'Twice');
    expect((await api(w, 'DELETE', `/client/firmware/groups/${set.id}`, w.partner.token)).statusCode).toBe(
      204,
    );
    await createSet(w, w.partner.token, 'twice');
    expectError(await restore(set.id, w.partner.token), 403);
    expectError(
      await restore(set.id),
      409,
      'The owner has another set named Twice: rename that set first, then restore this one',
    );
    expect(await getSet(w, w.partner.token, set.id)).toMatchObject({ is_removed: true });
  });

  it('leaves removed a done build whose file a full clean deleted', async () => {
    const set = await createSet(w, w.partner.token, 'Cleaned');
    const done = await build(set.id as number);
    const pending = await build(set.id as number);
    await stageBuild(w.t.db, done.id, {
      status: 'done',
      progress: 100,
      file_size: 8,
      sha256: 'ab'.repeat(32),
    });
    const removed = await api(w, 'DELETE', `/admin/groups/${set.id}?full_clean=true`, w.admin.token);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await restore(set.id)).statusCode).toBe(200);
    const builds = await buildsOf(set.id);
    expect(builds.find((b) => b.id === done.id)?.is_removed).toBe(true);
    expect(builds.find((b) => b.id === pending.id)?.is_removed).toBe(false);
  });
});
