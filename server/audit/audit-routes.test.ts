// GET /api/admin/audit: newest first, 20 a page with the list headers, filtered; admins only.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedIn, createTestApp, request } from '../test/helper';
import { sharedWorld } from '../test/shared-world';
import { recordAudit } from './audit-log';

const t = sharedWorld(createTestApp);

let admin: { token: string; account: { id: number; email: string } };
let other: { token: string; account: { id: number; email: string } };

/** Records `count` entries, the n-th (from 1) as `entry(n)` says, one after another. */
async function recordEach(count: number, entry: (n: number) => Parameters<typeof recordAudit>[1]) {
  for (let n = 1; n <= count; n += 1) await recordAudit(t.db, entry(n));
}

beforeAll(async () => {
  admin = await createSignedIn(t.app, t.db, { role: 'admin', email: 'first.admin@example.test' });
  other = await createSignedIn(t.app, t.db, { role: 'admin', email: 'second.admin@example.test' });
  // 25 fee changes by the first admin on partners 1..25, then 3 agent blocks by the second one.
  await recordEach(25, (n) => ({
    actorId: admin.account.id,
    action: 'partner.fees',
    objectType: 'partner',
    objectId: n,
    before: { x19: { min_dev_fee: n } },
    after: { x19: { min_dev_fee: n + 1 } },
  }));
  await recordEach(3, (n) => ({
    actorId: other.account.id,
    action: 'agent.block',
    objectType: 'agent',
    objectId: n,
  }));
});

const list = (query = '', token = admin.token) =>
  request(t.app, { method: 'GET', url: `/api/admin/audit${query}`, token });

describe('GET /api/admin/audit', () => {
  it('answers the newest first, 20 a page, with the list headers', async () => {
    const first = await list();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-total-count']).toBe('28');
    expect(first.headers['x-page']).toBe('0');
    expect(first.headers['x-page-size']).toBe('20');
    const rows = first.json();
    expect(rows).toHaveLength(20);
    expect(rows[0]).toMatchObject({
      action: 'agent.block',
      object_type: 'agent',
      object_id: '3',
      actor_id: other.account.id,
      actor_email: 'second.admin@example.test',
      before: null,
      after: null,
    });
    expect(Date.parse(rows[0].at)).not.toBeNaN();
    const second = (await list('?page=1')).json();
    expect(second).toHaveLength(8);
    expect(second.at(-1)).toMatchObject({
      action: 'partner.fees',
      object_id: '1',
      before: { x19: { min_dev_fee: 1 } },
      after: { x19: { min_dev_fee: 2 } },
    });
  });

  it('filters by actor (id or part of the e-mail), action, object type and object id', async () => {
    const byId = await list(`?actor=${other.account.id}`);
    expect(byId.headers['x-total-count']).toBe('3');
    const byEmail = await list('?actor=FIRST.admin');
    expect(byEmail.headers['x-total-count']).toBe('25');
    expect((await list('?action=agent.block')).json()).toHaveLength(3);
    expect((await list('?object_type=partner&object_id=7')).json()).toEqual([
      expect.objectContaining({ action: 'partner.fees', object_id: '7' }),
    ]);
    expect((await list('?actor=nobody%25')).json()).toEqual([]);
  });

  it('refuses an unknown action with 422 naming the field', async () => {
    const res = await list('?action=partner.dance');
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().detail)).toContain('action');
  });

  it('is for admins only: partners and developers get 403', async () => {
    const partner = await createSignedIn(t.app, t.db, { role: 'user' });
    const developer = await createSignedIn(t.app, t.db, { role: 'developer' });
    expect((await list('', partner.token)).statusCode).toBe(403);
    expect((await list('', developer.token)).statusCode).toBe(403);
    expect((await request(t.app, { method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });
});
