import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../platform/db/schema';
import { createAccount, createSignedIn, createTestApp, expectError, request } from '../test/helper';
import { sharedWorld } from '../test/shared-world';

const t = sharedWorld(createTestApp);

let admin: string;

beforeAll(async () => {
  admin = (await createSignedIn(t.app, t.db, { role: 'admin' })).token;
});

describe('GET /api/admin/analytics', () => {
  it('counts accounts, those active within 30 days and licenses issued', async () => {
    const stats = async () => (await request(t.app, { url: '/api/admin/analytics', token: admin })).json();
    const before = await stats();
    const { account: idle } = await createAccount(t.db);
    const { account: stale } = await createAccount(t.db);
    const { account: removed } = await createAccount(t.db);
    await createSignedIn(t.app, t.db).then(({ token }) =>
      request(t.app, { url: '/api/client/account/info', token }),
    );
    await t.db
      .update(accounts)
      .set({ last_active: new Date(Date.now() - 31 * 24 * 3600_000) })
      .where(eq(accounts.id, stale.id));
    await t.db
      .update(accounts)
      .set({ is_removed: true, last_active: new Date() })
      .where(eq(accounts.id, removed.id));
    expect(idle.last_active).toBeNull();

    const after = await stats();
    expect(after).toEqual({
      totalUsers: before.totalUsers + 3,
      activeUsers: before.activeUsers + 1,
      licensesIssued: 0,
    });
  });

  it('is for admins only', async () => {
    const { token } = await createSignedIn(t.app, t.db, { role: 'developer' });
    expectError(await request(t.app, { url: '/api/admin/analytics', token }), 403);
  });
});
