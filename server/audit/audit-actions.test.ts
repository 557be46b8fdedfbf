// Issue 17: agents, an admin's set removal, a partner's pools and the signing key in the audit log; and the
// row shares the change's transaction: when the row cannot be written, the change does not happen either.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRows, lastAudit } from '../test/audit-fixtures';
import { api, buildBody, createBuildWorld, createSet, pools, submit } from '../test/build-fixtures';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createBuildWorld);

const asAdmin = (method: string, url: string, body?: unknown) => api(w, method, url, w.admin.token, body);

describe('agent changes in the audit log', () => {
  it('create, rename, block, unblock, new token and delete each write their row', async () => {
    const created = await asAdmin('POST', '/admin/workers', { name: 'audited-agent' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(await lastAudit(w.t.db, 'agent.create')).toMatchObject({
      actor_id: w.admin.id,
      object_type: 'agent',
      object_id: String(id),
      after: { name: 'audited-agent' },
    });
    expect((await asAdmin('PUT', `/admin/workers/${id}`, { name: 'renamed-agent' })).statusCode).toBe(200);
    expect(await lastAudit(w.t.db, 'agent.update')).toMatchObject({
      before: { name: 'audited-agent' },
      after: { name: 'renamed-agent' },
    });
    expect((await asAdmin('PUT', `/admin/workers/${id}`, { is_blocked: true })).statusCode).toBe(200);
    expect(await lastAudit(w.t.db, 'agent.block')).toMatchObject({ after: { is_blocked: true } });
    expect((await asAdmin('PUT', `/admin/workers/${id}`, { is_blocked: false })).statusCode).toBe(200);
    expect(await lastAudit(w.t.db, 'agent.unblock')).toMatchObject({ after: { is_blocked: false } });
    const token = await asAdmin('PUT', `/admin/workers/${id}`, { token: true });
    const row = await lastAudit(w.t.db, 'agent.update');
    expect(row?.after).toEqual({ token: `${token.json().token.slice(0, 8)}…` });
    expect(JSON.stringify(row)).not.toContain(token.json().token);
    expect((await asAdmin('DELETE', `/admin/workers/${id}`)).statusCode).toBe(204);
    expect(await lastAudit(w.t.db, 'agent.delete')).toMatchObject({
      object_id: String(id),
      before: { name: 'renamed-agent' },
      after: null,
    });
  });
});

describe('sets, pools and the signing key in the audit log', () => {
  it("an admin removing a partner's set writes set.remove; the partner removing its own does not", async () => {
    const set = await createSet(w, w.partner.token, 'audited-set');
    await submit(w, w.partner.token, buildBody(w, set.id));
    expect((await asAdmin('DELETE', `/admin/groups/${set.id}`)).statusCode).toBe(204);
    expect(await lastAudit(w.t.db, 'set.remove')).toMatchObject({
      actor_id: w.admin.id,
      object_type: 'set',
      object_id: String(set.id),
      before: { name: 'audited-set', user_id: w.partner.id, builds: 1 },
      after: { is_removed: true },
    });
    const own = await createSet(w, w.partner.token, 'own-set');
    const count = (await auditRows(w.t.db, 'set.remove')).length;
    expect((await api(w, 'DELETE', `/client/firmware/groups/${own.id}`, w.partner.token)).statusCode).toBe(
      204,
    );
    expect(await auditRows(w.t.db, 'set.remove')).toHaveLength(count);
  });

  it("an admin changing a partner's build pools writes partner.pools with both pool lists", async () => {
    const set = await createSet(w, w.partner.token, 'pools-set');
    const build = await submit(w, w.partner.token, buildBody(w, set.id));
    const next = pools([{}, { account: 'changed.account' }]);
    const res = await asAdmin('PATCH', `/admin/firmwares/pool?firmware_id=${build.id}`, {
      fee_pools_configs: next,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await lastAudit(w.t.db, 'partner.pools');
    expect(row).toMatchObject({ object_type: 'partner', object_id: String(w.partner.id) });
    expect(JSON.stringify(row?.before)).toContain('partner.main');
    expect(JSON.stringify(row?.after)).toContain('changed.account');
  });

  it('rotating the signing key writes the old and the new key id', async () => {
    const was = (await api(w, 'GET', '/signing-key', undefined)).json().key_id;
    const res = await asAdmin('POST', '/admin/signing-key/rotate');
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastAudit(w.t.db, 'signing_key.rotate')).toMatchObject({
      object_type: 'signing_key',
      before: { key_id: was },
      after: { key_id: res.json().key_id },
    });
  });
});

describe('the row and the change share one transaction', () => {
  it('when the audit row cannot be written, the change is rolled back too', async () => {
    // A trigger that refuses every audit row stands for any failure after the change, inside its transaction.
    await w.t.db.execute(sql`
      create function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit refused'; end $$`);
    await w.t.db.execute(sql`create trigger refuse_audit before insert on audit_log
      for each row execute function refuse_audit()`);
    try {
      const agent = await asAdmin('POST', '/admin/workers', { name: 'never-made' });
      expect(agent.statusCode).toBe(500);
      const list = await asAdmin('GET', '/admin/workers');
      expect(list.json().map((a: { name: string }) => a.name)).not.toContain('never-made');

      const fee = await asAdmin('POST', '/admin/user/fee', {
        user_id: w.other.id,
        series: 'x19',
        min_dev_fee: 4,
        min_total_fee: 5,
      });
      expect(fee.statusCode).toBe(500);
      const partner = await asAdmin('GET', `/admin/user?user_id=${w.other.id}`);
      expect(partner.json().fee).toEqual([]);

      const blocked = await asAdmin('PATCH', `/admin/user?user_id=${w.other.id}`, { is_blocked: true });
      expect(blocked.statusCode).toBe(500);
      expect((await asAdmin('GET', `/admin/user?user_id=${w.other.id}`)).json().is_blocked).toBe(false);
    } finally {
      await w.t.db.execute(sql`drop trigger refuse_audit on audit_log`);
    }
  });
});
