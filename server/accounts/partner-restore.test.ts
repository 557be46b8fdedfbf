import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REMOVED_EMAIL_DETAIL } from '../../contract/restore';
import { auditLog, partnerFees } from '../platform/db/schema';
import { createAdminApp } from '../test/admin-app';
import { createSignedIn, expectError, request, signIn } from '../test/helper';
import { sharedWorld } from '../test/shared-world';

const t = sharedWorld(() => createAdminApp({ worker: 'chief' }));

const create = (body: unknown, token = t.admin.token) =>
  request(t.app, { method: 'POST', url: '/api/admin/users', token, body });
const remove = (id: number) =>
  request(t.app, { method: 'DELETE', url: `/api/admin/user?user_id=${id}`, token: t.admin.token });
const restore = (id: number, token = t.admin.token) =>
  request(t.app, { method: 'POST', url: `/api/admin/user/restore?user_id=${id}`, token });
const list = (query: string, token = t.admin.token) =>
  request(t.app, { url: `/api/admin/users${query}`, token });
const audit = (action: string, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.object_id, String(id))));

let n = 0;
const partner = (overrides: Record<string, unknown> = {}) => {
  n += 1;
  return {
    email: `restore-${n}@example.test`,
    password: 'partner pass 1',
    worker: `miner_${n}`,
    ...overrides,
  };
};

describe('removed partners (issue 17)', () => {
  it('an admin lists removed partners with show removed, restores one, and it signs in again', async () => {
    const body = partner();
    const created = (await create(body)).json();
    expect(await audit('partner.create', created.id)).toHaveLength(1);
    expect((await remove(created.id)).statusCode).toBe(204);
    expect(await audit('partner.remove', created.id)).toHaveLength(1);

    const hidden = (await list(`?search=${body.email}`)).json();
    expect(hidden).toEqual([]);
    const shown = (await list(`?search=${body.email}&include_removed=true`)).json();
    expect(shown).toMatchObject([{ id: created.id, is_removed: true }]);

    const res = await restore(created.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, is_removed: false, is_blocked: false });
    expect(await audit('partner.restore', created.id)).toHaveLength(1);
    expect(await signIn(t.app, body.email, body.password)).toEqual(expect.any(String));
    expectError(await restore(created.id), 404);
  });

  it('a partner blocked before its removal comes back blocked', async () => {
    const created = (await create(partner({ is_blocked: true }))).json();
    await remove(created.id);
    expect((await restore(created.id)).json()).toMatchObject({ is_removed: false, is_blocked: true });
  });

  it("creating a partner with a removed partner's e-mail says so, and the e-mail is not reused", async () => {
    const body = partner();
    const created = (await create(body)).json();
    await remove(created.id);
    expectError(await create(partner({ email: body.email.toUpperCase() })), 409, REMOVED_EMAIL_DETAIL);
  });

  it('show removed and restore are for admins only', async () => {
    const created = (await create(partner())).json();
    await remove(created.id);
    const developer = await createSignedIn(t.app, t.db, { role: 'developer' });
    const user = await createSignedIn(t.app, t.db);
    const devList = (await list('?include_removed=true', developer.token)).json();
    expect(devList.some((p: { id: number }) => p.id === created.id)).toBe(false);
    expectError(await restore(created.id, developer.token), 403);
    expectError(await restore(created.id, user.token), 403);
  });
});

describe('fee records on create (spec §4, issue 17)', () => {
  it('custom DevFee on creates records for x19, x21, l9 and l7, the unfilled ones at the defaults', async () => {
    const res = await create(partner({ custom_dev_fee: { x21: { min_dev_fee: 3, min_total_fee: 5 } } }));
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.db.select().from(partnerFees).where(eq(partnerFees.user_id, res.json().id));
    expect(
      rows
        .map(({ series, min_dev_fee, min_total_fee }) => ({ series, min_dev_fee, min_total_fee }))
        .sort((a, b) => a.series.localeCompare(b.series)),
    ).toEqual([
      { series: 'l7', min_dev_fee: 2, min_total_fee: 2 },
      { series: 'l9', min_dev_fee: 2, min_total_fee: 2 },
      { series: 'x19', min_dev_fee: 2, min_total_fee: 2 },
      { series: 'x21', min_dev_fee: 3, min_total_fee: 5 },
    ]);
  });
});
