// Issue 17: partner and fee changes leave their audit rows, written in the change's own transaction.
import { describe, expect, it } from 'vitest';
import { createAdminApp } from '../test/admin-app';
import { auditRows, lastAudit } from '../test/audit-fixtures';
import { createAccount, request } from '../test/helper';
import { sharedWorld } from '../test/shared-world';

const t = sharedWorld(() => createAdminApp());

const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  request(t.app, { method, url: `/api${url}`, token: t.admin.token, body });

describe('partner changes in the audit log', () => {
  it('a fee change names the admin, the partner and the fee as it was and as it is', async () => {
    const { account } = await createAccount(t.db, {
      fees: [{ series: 'x19', min_dev_fee: 1, min_total_fee: 2 }],
    });
    const res = await call('PATCH', `/admin/user/fee?user_id=${account.id}&series=x19`, { min_dev_fee: 1.5 });
    expect(res.statusCode, res.body).toBe(200);
    const row = await lastAudit(t.db, 'partner.fees');
    expect(row).toMatchObject({
      actor_id: t.admin.account.id,
      object_type: 'partner',
      object_id: String(account.id),
      before: { x19: { min_dev_fee: 1, min_total_fee: 2 } },
      after: { x19: { min_dev_fee: 1.5, min_total_fee: 2 } },
    });
    expect(row?.actor_email).toMatch(/^admin-/);

    expect(
      (
        await call('POST', '/admin/user/fee', {
          user_id: account.id,
          series: 'l7',
          min_dev_fee: 2,
          min_total_fee: 3,
        })
      ).statusCode,
    ).toBe(201);
    expect(await lastAudit(t.db, 'partner.fees')).toMatchObject({
      before: { l7: null },
      after: { l7: { min_dev_fee: 2, min_total_fee: 3 } },
    });
    expect((await call('DELETE', `/admin/user/fee?user_id=${account.id}&series=l7`)).statusCode).toBe(204);
    expect(await lastAudit(t.db, 'partner.fees')).toMatchObject({
      before: { l7: { min_dev_fee: 2, min_total_fee: 3 } },
      after: { l7: null },
    });
  });

  it('a partner update writes one row per kind: roles, blocking, fees and details', async () => {
    const { account } = await createAccount(t.db);
    const before = (await auditRows(t.db)).length;
    const res = await call('PATCH', `/admin/user?user_id=${account.id}`, {
      is_developer: true,
      is_blocked: true,
      worker: 'renamed',
      password: 'another password 1',
      custom_dev_fee: { x21: { min_dev_fee: 3, min_total_fee: 4 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (await auditRows(t.db)).slice(before);
    const byAction = Object.fromEntries(rows.map((row) => [row.action, row]));
    expect(Object.keys(byAction).sort()).toEqual([
      'partner.block',
      'partner.fees',
      'partner.role',
      'partner.update',
    ]);
    expect(byAction['partner.role']).toMatchObject({
      before: { is_developer: false },
      after: { is_developer: true },
    });
    expect(byAction['partner.block']).toMatchObject({
      before: { is_blocked: false },
      after: { is_blocked: true },
    });
    expect(byAction['partner.fees']).toMatchObject({ after: { x21: { min_dev_fee: 3, min_total_fee: 4 } } });
    expect(byAction['partner.update']).toMatchObject({
      before: { worker: 'userworker', password: null },
      after: { worker: 'renamed', password: 'changed' },
    });
    expect(JSON.stringify(rows)).not.toContain('another password 1');

    expect((await call('PATCH', `/admin/user?user_id=${account.id}`, { is_blocked: false })).statusCode).toBe(
      200,
    );
    expect(await lastAudit(t.db, 'partner.unblock')).toMatchObject({
      object_id: String(account.id),
      after: { is_blocked: false },
    });
  });

  it('creating and removing a partner leave their rows', async () => {
    const created = await call('POST', '/admin/users', {
      email: 'audited@example.test',
      password: 'a good password',
      worker: 'audited',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(await lastAudit(t.db, 'partner.create')).toMatchObject({
      object_id: String(id),
      before: null,
      after: { email: 'audited@example.test' },
    });
    expect((await call('DELETE', `/admin/user?user_id=${id}`)).statusCode).toBe(204);
    expect(await lastAudit(t.db, 'partner.remove')).toMatchObject({
      object_id: String(id),
      before: { email: 'audited@example.test', is_removed: false },
      after: { is_removed: true },
    });
  });

  it('a change refused and rolled back leaves no row', async () => {
    // The last active admin cannot demote itself: the update is rolled back, and its audit row with it.
    const before = await auditRows(t.db);
    const res = await call('PATCH', `/admin/user?user_id=${t.admin.account.id}`, {
      is_admin: false,
      worker: 'demoted',
    });
    expect(res.statusCode).toBe(422);
    expect(await auditRows(t.db)).toEqual(before);
    // A fee on a series that already has one: refused by the unique index inside the transaction.
    const { account } = await createAccount(t.db, {
      fees: [{ series: 'x19', min_dev_fee: 1, min_total_fee: 2 }],
    });
    const again = await call('POST', '/admin/user/fee', {
      user_id: account.id,
      series: 'x19',
      min_dev_fee: 2,
      min_total_fee: 3,
    });
    expect(again.statusCode).toBe(409);
    expect(await auditRows(t.db)).toEqual(before);
  });
});
