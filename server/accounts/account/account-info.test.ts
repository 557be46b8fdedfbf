import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sampleAccount } from '../../../contract/samples/account';
import { accounts, partnerFees } from '../../platform/db/schema';
import { createCatalogueApp } from '../../test/admin-app';
import { createSignedIn, expectError, expectValidationError, request } from '../../test/helper';
import { sharedWorld } from '../../test/shared-world';

const t = sharedWorld(createCatalogueApp);

const URL = '/api/client/account/info';

describe('GET /api/client/account/info', () => {
  it('answers the account with its fees', async () => {
    const { account, token } = await createSignedIn(t.app, t.db, {
      worker: 'miner42',
      fees: [
        { series: 'x21', min_dev_fee: 2.5, min_total_fee: 4 },
        { series: 'x19', min_dev_fee: 1, min_total_fee: 3.25 },
      ],
    });
    const res = await request(t.app, { url: URL, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      sampleAccount({
        id: account.id,
        email: account.email,
        worker: 'miner42',
        fee: [
          { series: 'x19', min_dev_fee: 1, min_total_fee: 3.25, user_id: account.id },
          { series: 'x21', min_dev_fee: 2.5, min_total_fee: 4, user_id: account.id },
        ],
      }),
    );
  });

  it('reports the role by priority admin, tester, developer, user', async () => {
    const { account, token } = await createSignedIn(t.app, t.db, { role: 'developer' });
    const role = async () => (await request(t.app, { url: URL, token })).json().role;
    expect(await role()).toBe('developer');
    // Changed in the database directly: the server's account cache hears of it (on PostgreSQL a moment later).
    await t.db.update(accounts).set({ is_tester: true }).where(eq(accounts.id, account.id));
    await expect.poll(role, { timeout: 2_000 }).toBe('tester');
    await t.db.update(accounts).set({ is_admin: true }).where(eq(accounts.id, account.id));
    await expect.poll(role, { timeout: 2_000 }).toBe('admin');
  });

  it('shows a fee record changed elsewhere (another instance, a tool) at once, although it is cached', async () => {
    const { account, token } = await createSignedIn(t.app, t.db, {
      fees: [{ series: 'x19', min_dev_fee: 1, min_total_fee: 3 }],
    });
    const fees = async () => (await request(t.app, { url: URL, token })).json().fee;
    expect(await fees()).toEqual([{ series: 'x19', min_dev_fee: 1, min_total_fee: 3, user_id: account.id }]);
    // Written in the database directly: only the database's change notice can tell this instance.
    await t.db.update(partnerFees).set({ min_dev_fee: 2 }).where(eq(partnerFees.user_id, account.id));
    await expect
      .poll(fees, { timeout: 2_000 })
      .toEqual([{ series: 'x19', min_dev_fee: 2, min_total_fee: 3, user_id: account.id }]);
    await t.db
      .insert(partnerFees)
      .values({ user_id: account.id, series: 'x21', min_dev_fee: 3, min_total_fee: 5 });
    await expect.poll(async () => (await fees()).length, { timeout: 2_000 }).toBe(2);
    await t.db.delete(partnerFees).where(eq(partnerFees.user_id, account.id));
    await expect.poll(fees, { timeout: 2_000 }).toEqual([]);
  });

  it('requires authentication', async () => {
    expectError(await request(t.app, { url: URL }), 401, 'Not authenticated');
  });
});

describe('PATCH /api/client/account/info', () => {
  const patch = (token: string, body: unknown) => request(t.app, { method: 'PATCH', url: URL, token, body });

  it('changes language and send_email and answers the updated info', async () => {
    const { token } = await createSignedIn(t.app, t.db);
    const res = await patch(token, { language: 'ru', send_email: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ language: 'ru', send_email: true, role: 'user', fee: [] });

    const one = await patch(token, { send_email: false });
    expect(one.json()).toMatchObject({ language: 'ru', send_email: false });
    expect((await request(t.app, { url: URL, token })).json()).toMatchObject({
      language: 'ru',
      send_email: false,
    });
  });

  it('rejects an unknown language and writes nothing', async () => {
    const { account, token } = await createSignedIn(t.app, t.db);
    const res = await patch(token, { language: 'de', send_email: true });
    expect(expectValidationError(res, 'language').msg).toBe('Must be one of: en, ru');
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect([row.language, row.send_email]).toEqual(['en', false]);
  });

  it('does not coerce types', async () => {
    const { token } = await createSignedIn(t.app, t.db);
    expect(expectValidationError(await patch(token, { send_email: 'true' }), 'send_email').msg).toBe(
      'Must be a boolean',
    );
  });

  it('rejects an empty patch and unknown fields', async () => {
    const { token } = await createSignedIn(t.app, t.db);
    const empty = await patch(token, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toEqual([
      { loc: ['body'], msg: 'At least one field is required', type: 'value_error' },
    ]);
    expectValidationError(await patch(token, { language: 'en', is_admin: true }), 'is_admin');
  });

  it('requires authentication', async () => {
    expectError(await request(t.app, { method: 'PATCH', url: URL, body: { language: 'ru' } }), 401);
  });

  it('lets a beta tester switch beta testing on and off', async () => {
    const { token } = await createSignedIn(t.app, t.db, { role: 'tester' });
    expect((await patch(token, { beta_testing: true })).json()).toMatchObject({ beta_testing: true });
    expect((await request(t.app, { url: URL, token })).json().beta_testing).toBe(true);
    expect((await patch(token, { beta_testing: false })).json().beta_testing).toBe(false);
  });

  it('refuses beta testing to everyone else and writes nothing', async () => {
    const { account, token } = await createSignedIn(t.app, t.db, { role: 'developer' });
    expectError(
      await patch(token, { beta_testing: true, send_email: true }),
      403,
      'Only beta testers can change beta testing',
    );
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect([row.beta_testing, row.send_email]).toEqual([false, false]);
  });
});
