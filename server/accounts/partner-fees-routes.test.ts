import { describe, expect, it } from 'vitest';
import { createAdminApp, feesOf as feesOfPartner } from '../test/admin-app';
import { createAccount, createSignedIn, expectError, expectValidationError, request } from '../test/helper';
import { sharedWorld } from '../test/shared-world';

const t = sharedWorld(() => createAdminApp());

const URL = '/api/admin/user/fee';
const post = (body: unknown, token = t.admin.token) =>
  request(t.app, { method: 'POST', url: URL, token, body });
const patch = (userId: number, series: string, body: unknown, token = t.admin.token) =>
  request(t.app, { method: 'PATCH', url: `${URL}?user_id=${userId}&series=${series}`, token, body });
const remove = (userId: number, series: string, token = t.admin.token) =>
  request(t.app, { method: 'DELETE', url: `${URL}?user_id=${userId}&series=${series}`, token });
const feesOf = (id: number) => feesOfPartner(t.db, id);

describe('partner fee records', () => {
  it('are created, patched and deleted per series', async () => {
    const { account } = await createAccount(t.db);
    const created = await post({ user_id: account.id, series: 'x21', min_dev_fee: 1.5, min_total_fee: 2.75 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      series: 'x21',
      min_dev_fee: 1.5,
      min_total_fee: 2.75,
      user_id: account.id,
    });

    const patched = await patch(account.id, 'x21', { min_total_fee: 5 });
    expect(patched.json()).toEqual({
      series: 'x21',
      min_dev_fee: 1.5,
      min_total_fee: 5,
      user_id: account.id,
    });
    expect((await patch(account.id, 'x21', { min_dev_fee: 5 })).json().min_dev_fee).toBe(5);

    expect((await remove(account.id, 'x21')).statusCode).toBe(204);
    expect(await feesOf(account.id)).toEqual([]);
  });

  it('answer 409 for a series the partner already has, 404 for a missing record or partner', async () => {
    const { account } = await createAccount(t.db, {
      fees: [{ series: 'l9', min_dev_fee: 1, min_total_fee: 1 }],
    });
    expectError(
      await post({ user_id: account.id, series: 'l9', min_dev_fee: 2, min_total_fee: 2 }),
      409,
      'The partner already has a fee for this series',
    );
    expectError(await patch(account.id, 'l7', { min_dev_fee: 1 }), 404, 'Fee not found');
    expectError(await remove(account.id, 'l7'), 404, 'Fee not found');
    expectError(
      await post({ user_id: 999999, series: 'l9', min_dev_fee: 1, min_total_fee: 1 }),
      404,
      'Partner not found',
    );
    expect(await feesOf(account.id)).toEqual([{ series: 'l9', min_dev_fee: 1, min_total_fee: 1 }]);
  });

  it('refuse bad values with the spec messages and write nothing', async () => {
    const { account } = await createAccount(t.db, {
      fees: [{ series: 'x19', min_dev_fee: 2, min_total_fee: 4 }],
    });
    const base = { user_id: account.id, series: 'l7', min_dev_fee: 1, min_total_fee: 2 };
    const msg = async (body: Record<string, unknown>, field: string) =>
      expectValidationError(await post({ ...base, ...body }), field).msg;
    expect(await msg({ min_dev_fee: -0.01 }, 'min_dev_fee')).toBe('Enter a value from 0 to 100');
    expect(await msg({ min_total_fee: 100.01 }, 'min_total_fee')).toBe('Enter a value from 0 to 100');
    expect(await msg({ min_dev_fee: 0.125 }, 'min_dev_fee')).toBe('Maximum 2 decimal places');
    expect(await msg({ min_dev_fee: 3, min_total_fee: 2.5 }, 'min_total_fee')).toBe('Cannot be less than 3');
    expect(await msg({ min_dev_fee: '1' }, 'min_dev_fee')).toBe('Must be a number');
    expect(await msg({ series: 'x17' }, 'series')).toBe('Must be one of: x19, x21, l9, l7');
    expectValidationError(await post({ user_id: account.id, series: 'l7' }), 'min_dev_fee');

    expect(
      expectValidationError(await patch(account.id, 'x19', { min_total_fee: 1 }), 'min_total_fee').msg,
    ).toBe('Cannot be less than 2');
    expect(
      expectValidationError(await patch(account.id, 'x19', { min_dev_fee: 4.5 }), 'min_dev_fee').msg,
    ).toBe('Cannot be more than 4');
    expectValidationError(await patch(account.id, 'x19', {}), 'body');
    expectValidationError(await patch(account.id, 'x17', { min_dev_fee: 1 }), 'series');
    expect(await feesOf(account.id)).toEqual([{ series: 'x19', min_dev_fee: 2, min_total_fee: 4 }]);
  });

  it('are for admins only', async () => {
    const { account } = await createAccount(t.db);
    for (const role of ['user', 'developer', 'tester'] as const) {
      const { token } = await createSignedIn(t.app, t.db, { role });
      expectError(
        await post({ user_id: account.id, series: 'x19', min_dev_fee: 1, min_total_fee: 1 }, token),
        403,
      );
      expectError(await patch(account.id, 'x19', { min_dev_fee: 1 }, token), 403);
      expectError(await remove(account.id, 'x19', token), 403);
    }
    expect(await feesOf(account.id)).toEqual([]);
  });
});
