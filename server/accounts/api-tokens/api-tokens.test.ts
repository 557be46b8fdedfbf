import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiTokenCreated } from '../../../contract/schemas/api-token-schemas';
import { apiTokens, auditLog } from '../../platform/db/schema';
import {
  createSignedIn,
  createTestApp,
  expectError,
  expectValidationError,
  request,
  type TestApp,
} from '../../test/helper';
import { READ_ONLY_MESSAGE, SESSION_ONLY_MESSAGE } from './api-token-auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PREFERENCES = { method: 'PATCH', url: '/api/client/account/info', body: { send_email: true } } as const;

async function makeToken(session: string, body: Record<string, unknown> = {}, app = t.app) {
  const res = await request(app, {
    method: 'POST',
    url: '/api/client/account/tokens',
    token: session,
    body: { name: 'ci', scope: 'build', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ApiTokenCreated>();
}

const auditRows = (action: string, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.object_id, String(id))));

describe('API tokens (issue 38)', () => {
  it('are shown once, kept hashed, listed with their times, and audited when made and first used', async () => {
    const partner = await createSignedIn(t.app, t.db);
    const made = await makeToken(partner.token, { name: 'nightly' });
    expect(made.token).toMatch(/^fwc_[A-Za-z0-9_-]{43}$/);
    expect(made).toMatchObject({ name: 'nightly', scope: 'build', last_used_at: null, expires_at: null });
    const [stored] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(JSON.stringify(stored)).not.toContain(made.token);

    const list = await request(t.app, { url: '/api/client/account/tokens', token: partner.token });
    expect(list.json()).toEqual([expect.objectContaining({ id: made.id, hint: made.token.slice(0, 8) })]);
    expect(list.body).not.toContain(made.token);

    for (let i = 0; i < 3; i++) {
      const info = await request(t.app, { url: '/api/client/account/info', token: made.token });
      expect(info.statusCode, info.body).toBe(200);
      expect(info.json<{ email: string }>().email).toBe(partner.email);
    }
    expect(await auditRows('api_token.create', made.id)).toHaveLength(1);
    expect(await auditRows('api_token.use', made.id)).toHaveLength(1);
    const [used] = (await request(t.app, { url: '/api/client/account/tokens', token: made.token })).json();
    expect(used.last_used_at).not.toBeNull();
  });

  it('need no XSRF pair; the browser session still does', async () => {
    const partner = await createSignedIn(t.app, t.db);
    const { token } = await makeToken(partner.token);
    const byToken = await request(t.app, { ...PREFERENCES, token, xsrf: false });
    expect(byToken.statusCode, byToken.body).toBe(200);
    const bySession = await request(t.app, { ...PREFERENCES, token: partner.token, xsrf: false });
    expectError(bySession, 403, 'CSRF token missing or invalid');
  });

  it('of the read scope cannot write', async () => {
    const partner = await createSignedIn(t.app, t.db);
    const { token } = await makeToken(partner.token, { scope: 'read' });
    expect((await request(t.app, { url: '/api/client/account/info', token })).statusCode).toBe(200);
    expectError(await request(t.app, { ...PREFERENCES, token, xsrf: false }), 403, READ_ONLY_MESSAGE);
  });

  it('cannot make tokens or change the password', async () => {
    const partner = await createSignedIn(t.app, t.db);
    const { token } = await makeToken(partner.token);
    const more = await request(t.app, {
      method: 'POST',
      url: '/api/client/account/tokens',
      token,
      body: { name: 'more', scope: 'build' },
    });
    expectError(more, 403, SESSION_ONLY_MESSAGE);
    const password = await request(t.app, {
      method: 'POST',
      url: '/api/client/account/change-password',
      token,
      body: { old_password: partner.password, new_password: 'another one 42' },
    });
    expectError(password, 403, SESSION_ONLY_MESSAGE);
  });

  it('refuse a bad name, scope or an expiry in the past, naming the field', async () => {
    const partner = await createSignedIn(t.app, t.db);
    const post = (body: unknown) =>
      request(t.app, { method: 'POST', url: '/api/client/account/tokens', token: partner.token, body });
    expectValidationError(await post({ name: 'x', scope: 'admin' }), 'scope');
    expectValidationError(await post({ name: '  ', scope: 'read' }), 'name');
    expectValidationError(
      await post({ name: 'x', scope: 'read', expires_at: '2001-01-01T00:00:00Z' }),
      'expires_at',
    );
  });

  it('stop working when they expire', async () => {
    const partner = await createSignedIn(t.app, t.db);
    const made = await makeToken(partner.token, {
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await request(t.app, { url: '/api/client/account/info', token: made.token })).statusCode).toBe(
      200,
    );
    await t.db
      .update(apiTokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, made.id));
    const res = await request(t.app, { url: '/api/client/account/info', token: made.token });
    expectError(res, 401, 'API token expired');
  });

  it('stop at once when revoked, by the owner or an admin, and the revocation is audited', async () => {
    const partner = await createSignedIn(t.app, t.db);
    const admin = await createSignedIn(t.app, t.db, { role: 'admin' });
    const first = await makeToken(partner.token);
    const second = await makeToken(partner.token);
    const mine = await request(t.app, {
      method: 'DELETE',
      url: `/api/client/account/tokens/${first.id}`,
      token: partner.token,
    });
    expect(mine.statusCode, mine.body).toBe(204);
    expectError(
      await request(t.app, { url: '/api/client/account/info', token: first.token }),
      401,
      'API token revoked',
    );

    // Another account's token is not found for a partner; the admins' routes are refused.
    const other = await createSignedIn(t.app, t.db);
    const theirs = await request(t.app, {
      method: 'DELETE',
      url: `/api/client/account/tokens/${second.id}`,
      token: other.token,
    });
    expectError(theirs, 404);
    const peek = await request(t.app, {
      url: `/api/admin/user/tokens?user_id=${partner.account.id}`,
      token: other.token,
    });
    expectError(peek, 403);

    const listed = await request(t.app, {
      url: `/api/admin/user/tokens?user_id=${partner.account.id}`,
      token: admin.token,
    });
    expect(
      listed
        .json<{ id: number; revoked_at: string | null }[]>()
        .map((row) => [row.id, row.revoked_at === null]),
    ).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    const revoked = await request(t.app, {
      method: 'DELETE',
      url: `/api/admin/user/tokens/${second.id}`,
      token: admin.token,
    });
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect((await request(t.app, { url: '/api/client/account/info', token: second.token })).statusCode).toBe(
      401,
    );
    const [row] = await auditRows('api_token.revoke', second.id);
    expect(row.actor_id).toBe(admin.account.id);
    expect(await auditRows('api_token.revoke', first.id)).toHaveLength(1);
  });

  it('end when the account is blocked or removed, and stay ended when it is unblocked', async () => {
    const admin = await createSignedIn(t.app, t.db, { role: 'admin' });
    const partner = await createSignedIn(t.app, t.db);
    const { token } = await makeToken(partner.token);
    const patch = (body: unknown) =>
      request(t.app, {
        method: 'PATCH',
        url: `/api/admin/user?user_id=${partner.account.id}`,
        token: admin.token,
        body,
      });
    expect((await patch({ is_blocked: true })).statusCode).toBe(200);
    expect((await request(t.app, { url: '/api/client/account/info', token })).statusCode).toBe(401);
    expect((await patch({ is_blocked: false })).statusCode).toBe(200);
    expectError(await request(t.app, { url: '/api/client/account/info', token }), 401, 'API token revoked');

    const removed = await createSignedIn(t.app, t.db);
    const theirs = await makeToken(removed.token);
    const remove = await request(t.app, {
      method: 'DELETE',
      url: `/api/admin/user?user_id=${removed.account.id}`,
      token: admin.token,
    });
    expect(remove.statusCode, remove.body).toBe(204);
    expect((await request(t.app, { url: '/api/client/account/info', token: theirs.token })).statusCode).toBe(
      401,
    );
  });

  it('outlive a password change, which ends the sessions', async () => {
    const partner = await createSignedIn(t.app, t.db);
    const { token } = await makeToken(partner.token);
    const change = await request(t.app, {
      method: 'POST',
      url: '/api/client/account/change-password',
      token: partner.token,
      body: { old_password: partner.password, new_password: 'another one 42' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await request(t.app, { url: '/api/client/account/info', token: partner.token })).statusCode).toBe(
      401,
    );
    expect((await request(t.app, { url: '/api/client/account/info', token })).statusCode).toBe(200);
  });

  it('are rate-limited per token across instances on one database, with RateLimit and Retry-After', async () => {
    const limits = { config: { apiTokenRateLimit: { max: 3, windowMs: 60_000 } }, db: t.handle };
    const first = await createTestApp(limits);
    const second = await createTestApp(limits);
    try {
      const partner = await createSignedIn(first.app, first.db);
      const one = await makeToken(partner.token, {}, first.app);
      const two = await makeToken(partner.token, {}, first.app);
      const get = (app: TestApp['app'], token: string) =>
        request(app, { url: '/api/client/account/info', token });
      // The allowance is split across both instances: the fourth request, on either, is refused.
      const answers = [
        await get(first.app, one.token),
        await get(second.app, one.token),
        await get(first.app, one.token),
      ];
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
      expect(answers[0].headers['ratelimit-policy']).toBe('"per-token";q=3;w=60');
      expect(answers.map((res) => res.headers.ratelimit)).toEqual([
        expect.stringMatching(/^"per-token";r=2;t=\d+$/),
        expect.stringMatching(/^"per-token";r=1;t=\d+$/),
        expect.stringMatching(/^"per-token";r=0;t=\d+$/),
      ]);
      const refused = await get(second.app, one.token);
      expectError(refused, 429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(refused.headers['ratelimit-policy']).toBe('"per-token";q=3;w=60');
      expect(refused.headers.ratelimit).toMatch(/^"per-token";r=0;t=\d+$/);
      expectError(await get(first.app, one.token), 429);
      // Another token of the same account has its own allowance; the session is not limited by it.
      expect((await get(second.app, two.token)).statusCode).toBe(200);
      expect((await get(first.app, partner.token)).headers.ratelimit).toBeUndefined();
    } finally {
      await first.app.close();
      await second.app.close();
    }
  });

  it('start a new count when the window turns over', async () => {
    const limited = await createTestApp({
      db: t.handle,
      config: { apiTokenRateLimit: { max: 2, windowMs: 1000 } },
    });
    try {
      const partner = await createSignedIn(limited.app, limited.db);
      const { token } = await makeToken(partner.token, {}, limited.app);
      const get = () => request(limited.app, { url: '/api/client/account/info', token });
      let refused = await get();
      for (let i = 0; i < 5 && refused.statusCode !== 429; i += 1) refused = await get();
      expectError(refused, 429);
      await new Promise((resolve) => setTimeout(resolve, Number(refused.headers['retry-after']) * 1000 + 50));
      const again = await get();
      expect(again.statusCode, again.body).toBe(200);
      expect(again.headers.ratelimit).toMatch(/^"per-token";r=1;t=[01]$/);
    } finally {
      await limited.app.close();
    }
  });
});
