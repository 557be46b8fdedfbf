// Issue 37, §4: a set's owner turns its public link off and on, or regenerates it; the old link then answers
// 404, and each change is audited.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../platform/db/schema';
import { api, createBuildWorld, createSet } from '../test/build-fixtures';
import { expectError } from '../test/helper';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createBuildWorld);
const LINKS = '/client/firmware/firmwares/links';

describe('revoking a shared link', () => {
  it('turns the link off and on, regenerates it, and audits each change', async () => {
    const set = await createSet(w, w.partner.token, 'Link-revoked');
    const link = (uuid: unknown) => api(w, 'GET', `${LINKS}?uuid=${uuid}`, undefined);
    const patch = (body: unknown, token = w.partner.token) =>
      api(w, 'PATCH', `/client/firmware/groups/${set.id}/link`, token, body);
    expect(set).toMatchObject({ link_enabled: true });
    expect((await link(set.link_uuid)).statusCode).toBe(200);

    expectError(await patch({ enabled: false }, w.other.token), 404);
    expect((await patch({})).statusCode).toBe(422);

    const off = await patch({ enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ link_enabled: false, link_uuid: set.link_uuid });
    expectError(await link(set.link_uuid), 404);

    const renewed = await patch({ enabled: true, regenerate: true });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json<{ link_uuid: string; link_enabled: boolean }>();
    expect(fresh.link_enabled).toBe(true);
    expect(fresh.link_uuid).not.toBe(set.link_uuid);
    expectError(await link(set.link_uuid), 404);
    expect((await link(fresh.link_uuid)).statusCode).toBe(200);

    const audited = await w.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'set.link'), eq(auditLog.object_id, String(set.id))));
    expect(audited.map((row) => row.after)).toEqual([
      { link_enabled: false, regenerated: false },
      { link_enabled: true, regenerated: true },
    ]);
    expect(JSON.stringify(audited)).not.toContain(fresh.link_uuid);
  });
});
