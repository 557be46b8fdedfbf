import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { accounts } from '../platform/db/schema';
import { createSignedIn, createTestApp, expectValidationError, request } from '../test/helper';
import { sharedWorld } from '../test/shared-world';

// Issue 17, defect 1: the last active admin could demote themselves (PATCH answered 200), leaving a console
// nobody can administer. The server now refuses any write that would leave no active admin.
const t = sharedWorld(createTestApp);

const patch = (token: string, id: number, body: unknown) =>
  request(t.app, { method: 'PATCH', url: `/api/admin/user?user_id=${id}`, token, body });
const remove = (token: string, id: number) =>
  request(t.app, { method: 'DELETE', url: `/api/admin/user?user_id=${id}`, token });
const isAdmin = async (id: number) =>
  (await t.db.select().from(accounts).where(eq(accounts.id, id)))[0]?.is_admin;

describe('the last active admin is kept', () => {
  // Each test's admins are the console's only ones: an earlier test's stay admins otherwise.
  beforeEach(async () => {
    await t.db.update(accounts).set({ is_admin: false }).where(eq(accounts.is_admin, true));
  });

  it('refuses the only admin demoting themselves with a 422 naming is_admin, and changes nothing', async () => {
    const only = await createSignedIn(t.app, t.db, { role: 'admin' });
    const issue = expectValidationError(
      await patch(only.token, only.account.id, { is_admin: false }),
      'is_admin',
    );
    expect(issue.msg).toBe('At least one active admin must remain');
    expect(await isAdmin(only.account.id)).toBe(true);

    // With a second active admin, the first may step down; the second, now alone, may not.
    const second = await createSignedIn(t.app, t.db, { role: 'admin' });
    expect((await patch(only.token, only.account.id, { is_admin: false })).statusCode).toBe(200);
    expectValidationError(await patch(second.token, second.account.id, { is_admin: false }), 'is_admin');
    expect(await isAdmin(second.account.id)).toBe(true);

    // A blocked admin does not count.
    const third = await createSignedIn(t.app, t.db, { role: 'admin' });
    expect((await patch(second.token, third.account.id, { is_blocked: true })).statusCode).toBe(200);
    expectValidationError(await patch(second.token, second.account.id, { is_admin: false }), 'is_admin');
    // Removing an admin who is not the last one is still allowed.
    const fourth = await createSignedIn(t.app, t.db, { role: 'admin' });
    expect((await remove(fourth.token, second.account.id)).statusCode).toBe(204);
  });

  it('refuses two admins demoting each other at once: one of them stays', async () => {
    const a = await createSignedIn(t.app, t.db, { role: 'admin' });
    const b = await createSignedIn(t.app, t.db, { role: 'admin' });
    const answers = await Promise.all([
      patch(a.token, b.account.id, { is_admin: false }),
      patch(b.token, a.account.id, { is_admin: false }),
    ]);
    // The other is refused: 422 when both were checked as admins (the last one stays), or 403 when its request
    // was authenticated after the first change had already made it a partner.
    const [first, second] = answers.map((res) => res.statusCode).sort();
    expect(first).toBe(200);
    expect([403, 422]).toContain(second);
    expect([await isAdmin(a.account.id), await isAdmin(b.account.id)].filter(Boolean)).toHaveLength(1);
  });
});
