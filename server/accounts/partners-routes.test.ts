import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../platform/db/schema';
import { createAdminApp, feesOf as feesOfPartner } from '../test/admin-app';
import {
  createAccount,
  createSignedIn,
  expectBodyIssues,
  expectError,
  expectValidationError,
  request,
  signIn,
} from '../test/helper';
import { sharedWorld } from '../test/shared-world';

const t = sharedWorld(() => createAdminApp({ worker: 'chief' }));

const list = (query = '', token = t.admin.token) =>
  request(t.app, { url: `/api/admin/users${query}`, token });
const create = (body: unknown, token = t.admin.token) =>
  request(t.app, { method: 'POST', url: '/api/admin/users', token, body });
const patch = (id: number, body: unknown, token = t.admin.token) =>
  request(t.app, { method: 'PATCH', url: `/api/admin/user?user_id=${id}`, token, body });
const get = (id: number, token = t.admin.token) =>
  request(t.app, { url: `/api/admin/user?user_id=${id}`, token });
const remove = (id: number, token = t.admin.token) =>
  request(t.app, { method: 'DELETE', url: `/api/admin/user?user_id=${id}`, token });
const feesOf = (id: number) => feesOfPartner(t.db, id);

const partner = (overrides: Record<string, unknown> = {}) => ({
  email: `p-${Math.random().toString(36).slice(2, 10)}@example.test`,
  password: 'partner pass 1',
  worker: 'miner_01',
  ...overrides,
});

describe('POST /api/admin/users', () => {
  it('creates a partner with roles and per-series custom DevFee; the partner signs in', async () => {
    const body = partner({
      email: 'New.Partner@Example.test',
      worker: 'newpartner',
      is_vip: true,
      is_tester: true,
      custom_dev_fee: {
        x19: { min_dev_fee: 2, min_total_fee: 3.5 },
        x21: { min_dev_fee: 1.25, min_total_fee: 2 },
        l9: { min_dev_fee: 0, min_total_fee: 0 },
        l7: { min_dev_fee: 3, min_total_fee: 100 },
      },
    });
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(Number),
      email: 'new.partner@example.test',
      worker: 'newpartner',
      fee: [
        { series: 'l7', min_dev_fee: 3, min_total_fee: 100, user_id: created.id },
        { series: 'l9', min_dev_fee: 0, min_total_fee: 0, user_id: created.id },
        { series: 'x19', min_dev_fee: 2, min_total_fee: 3.5, user_id: created.id },
        { series: 'x21', min_dev_fee: 1.25, min_total_fee: 2, user_id: created.id },
      ],
      last_active: null,
      is_blocked: false,
      is_vip: true,
      is_tester: true,
      is_developer: false,
      is_admin: false,
      is_removed: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      // Issue 36: no queue limits of its own, the defaults.
      max_queued_builds: null,
      max_builds_per_hour: null,
    });
    const token = await signIn(t.app, 'new.partner@example.test', 'partner pass 1');
    const info = (await request(t.app, { url: '/api/client/account/info', token })).json();
    expect(info).toMatchObject({ role: 'tester', fee: created.fee });
  });

  it('creates a partner without custom DevFee and with the admin or developer role', async () => {
    const plain = (await create(partner({ custom_dev_fee: null }))).json();
    expect(plain.fee).toEqual([]);
    const dev = (await create(partner({ is_developer: true, is_admin: true }))).json();
    expect(dev).toMatchObject({ is_developer: true, is_admin: true });
  });

  it('refuses every bad field with the spec messages and writes nothing', async () => {
    const before = (await t.db.select().from(accounts)).length;
    const res = await create(
      partner({
        email: 'почта@example.test',
        password: 'short',
        worker: 'ab',
        custom_dev_fee: {
          x19: { min_dev_fee: 101, min_total_fee: 5 },
          x21: { min_dev_fee: 3, min_total_fee: 2 },
        },
      }),
    );
    expectBodyIssues(res, [
      ['email', 'Cyrillic symbols are not allowed'],
      ['password', 'Password length must be from 8 to 32 characters'],
      ['worker', 'Minimum 3 characters'],
      [['custom_dev_fee', 'x19', 'min_dev_fee'], 'Enter a value from 0 to 100'],
      [['custom_dev_fee', 'x21', 'min_total_fee'], 'Cannot be less than 3'],
    ]);
    const msg = async (body: Record<string, unknown>, field: string) =>
      expectValidationError(await create(partner(body)), field).msg;
    expect(await msg({ email: 'bad' }, 'email')).toBe('Invalid email');
    expect(await msg({ worker: 'has space' }, 'worker')).toBe('Only letters, numbers and _');
    expect(await msg({ worker: '' }, 'worker')).toBe('Worker is required');
    expect(
      await msg({ custom_dev_fee: { x19: { min_dev_fee: 1.234, min_total_fee: 2 } } }, 'min_dev_fee'),
    ).toBe('Maximum 2 decimal places');
    expectValidationError(
      await create(partner({ custom_dev_fee: { x17: { min_dev_fee: 1, min_total_fee: 2 } } })),
      'custom_dev_fee',
    );
    expectValidationError(await create(partner({ role: 'admin' })), 'role');
    expectValidationError(await create({ email: 'a@example.test' }), 'password');
    expect((await t.db.select().from(accounts)).length).toBe(before);
  });

  it('answers 409 for an e-mail that is taken, whatever its case', async () => {
    const { email } = await createAccount(t.db);
    expectError(await create(partner({ email: email.toUpperCase() })), 409, 'Email is already taken');
  });
});

describe('GET and PATCH /api/admin/user', () => {
  it('answers one partner and 404 for unknown ones', async () => {
    const created = (await create(partner())).json();
    expect((await get(created.id)).json()).toEqual(created);
    expectError(await get(999999), 404, 'Partner not found');
    expectValidationError(await get(Number.NaN), 'user_id');
  });

  it('patches fields and fees as spec §4 says: existing series patched, new ones created, null deletes all', async () => {
    const created = (
      await create(partner({ custom_dev_fee: { x19: { min_dev_fee: 2, min_total_fee: 3 } } }))
    ).json();
    const res = await patch(created.id, {
      worker: 'renamed_1',
      is_vip: true,
      custom_dev_fee: {
        x19: { min_dev_fee: 2.5, min_total_fee: 4 },
        l9: { min_dev_fee: 1, min_total_fee: 1 },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ worker: 'renamed_1', is_vip: true });
    expect(await feesOf(created.id)).toEqual(
      expect.arrayContaining([
        { series: 'x19', min_dev_fee: 2.5, min_total_fee: 4 },
        { series: 'l9', min_dev_fee: 1, min_total_fee: 1 },
      ]),
    );
    // Without custom_dev_fee the fees stay as they are.
    await patch(created.id, { is_vip: false });
    // Spec §4: the create made a record for every series (x21 and l7 at the defaults).
    expect(await feesOf(created.id)).toHaveLength(4);
    const off = await patch(created.id, { custom_dev_fee: null });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().fee).toEqual([]);
    expect(await feesOf(created.id)).toEqual([]);
  });

  it('changes the password and the e-mail, ending the partner’s sessions on a new password', async () => {
    const { account, token } = await createSignedIn(t.app, t.db);
    expect((await patch(account.id, { password: 'set by admin 1' })).statusCode).toBe(200);
    expectError(await request(t.app, { url: '/api/client/account/info', token }), 401);
    await signIn(t.app, account.email, 'set by admin 1');
    const moved = await patch(account.id, { email: 'Moved@Example.test' });
    expect(moved.json().email).toBe('moved@example.test');
    expectError(
      await patch(account.id, { email: (await createAccount(t.db)).email }),
      409,
      'Email is already taken',
    );
  });

  it('blocking ends the partner’s sessions and refuses sign-in; unblocking lets them back', async () => {
    const { account, email, token } = await createSignedIn(t.app, t.db);
    const blocked = await patch(account.id, { is_blocked: true });
    expect(blocked.json().is_blocked).toBe(true);
    expectError(await request(t.app, { url: '/api/client/account/info', token }), 401);
    const signInRes = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in',
      body: { email, password: 'correct horse 42' },
    });
    expectError(signInRes, 403, 'Account is blocked');
    await patch(account.id, { is_blocked: false });
    await signIn(t.app, email);
  });

  it('takes beta testing away with the tester role', async () => {
    const { account, token } = await createSignedIn(t.app, t.db, { role: 'tester' });
    await request(t.app, {
      method: 'PATCH',
      url: '/api/client/account/info',
      token,
      body: { beta_testing: true },
    });
    await patch(account.id, { is_tester: false });
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect([row.is_tester, row.beta_testing]).toEqual([false, false]);
  });

  it('refuses bad fields, an empty patch and blocking oneself, writing nothing', async () => {
    const created = (await create(partner())).json();
    expect(expectValidationError(await patch(created.id, { worker: 'x' }), 'worker').msg).toBe(
      'Minimum 3 characters',
    );
    expect(expectValidationError(await patch(created.id, { password: 'short' }), 'password').msg).toBe(
      'Password length must be from 8 to 32 characters',
    );
    expectValidationError(await patch(created.id, {}), 'body');
    expectError(await patch(t.admin.account.id, { is_blocked: true }), 409, 'You cannot block yourself');
    expectError(await patch(999999, { is_vip: true }), 404, 'Partner not found');
    expect((await get(created.id)).json()).toEqual(created);
  });
});

describe('DELETE /api/admin/user', () => {
  it('removes a partner: hidden, blocked and signed out; not oneself', async () => {
    const { account, email, token } = await createSignedIn(t.app, t.db);
    expect((await remove(account.id)).statusCode).toBe(204);
    expectError(await get(account.id), 404);
    expectError(await request(t.app, { url: '/api/client/account/info', token }), 401);
    expectError(
      await request(t.app, {
        method: 'POST',
        url: '/api/auth/sign-in',
        body: { email, password: 'correct horse 42' },
      }),
      403,
    );
    expectError(await remove(account.id), 404);
    expectError(await remove(t.admin.account.id), 409, 'You cannot remove yourself');
  });
});

describe('permissions', () => {
  it('partners get 403 on every partners path; developers may only read the list', async () => {
    const user = await createSignedIn(t.app, t.db);
    const developer = await createSignedIn(t.app, t.db, { role: 'developer' });
    const target = user.account.id;
    const calls = (token: string) => [
      list('', token),
      get(target, token),
      create(partner(), token),
      patch(target, { is_vip: true }, token),
      remove(target, token),
    ];
    for (const res of await Promise.all(calls(user.token))) expectError(res, 403);
    const [devList, ...devWrites] = await Promise.all(calls(developer.token));
    expect(devList.statusCode).toBe(200);
    for (const res of devWrites) expectError(res, 403);
    expectError(await request(t.app, { url: '/api/admin/users' }), 401);
  });
});
