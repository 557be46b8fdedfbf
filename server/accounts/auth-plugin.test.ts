import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, auditLog, settings } from '../platform/db/schema';
import { getSetting } from '../platform/db/settings-repository';
import {
  createAccount,
  createSignedIn,
  createTestApp,
  expectError,
  forgeToken,
  request,
  signIn,
  TEST_JWT_SECRET,
} from '../test/helper';
import { sharedWorld } from '../test/shared-world';
import { createTestDatabase } from '../test/test-database';
import { endSessions } from './accounts-repository';
import { jwtSecretFingerprint, rotateJwtSecret } from './jwt-secret';
import { secretKey, signAccessToken } from './tokens';

const t = sharedWorld(createTestApp);

const info = (token?: string, headers?: Record<string, string>) =>
  request(t.app, { url: '/api/client/account/info', token, headers });

describe('authentication of /api routes', () => {
  it('requires a bearer token', async () => {
    expectError(await info(), 401, 'Not authenticated');
    expectError(await info(undefined, { authorization: 'Basic dXNlcjpwYXNz' }), 401, 'Not authenticated');
    expectError(await info('not-a-jwt'), 401, 'Not authenticated');
  });

  it('refuses a tampered token', async () => {
    const { token } = await createSignedIn(t.app, t.db);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: String(Number(claims.sub) + 1) })).toString(
      'base64url',
    );
    expectError(await info(`${header}.${forged}.${signature}`), 401, 'Not authenticated');
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expectError(await info(`${header}.${payload}.${flipped}`), 401, 'Not authenticated');
  });

  it('refuses a token signed with another secret', async () => {
    const { account } = await createAccount(t.db);
    const claims = { accountId: account.id, tokenVersion: account.token_version };
    const token = await signAccessToken(secretKey('another-secret-another-secret-0000'), claims, 3600);
    expectError(await info(token), 401, 'Not authenticated');
  });

  it('refuses an expired token', async () => {
    const { account } = await createAccount(t.db);
    const token = await forgeToken({ accountId: account.id, tokenVersion: account.token_version }, -10);
    expectError(await info(token), 401, 'Token expired');
  });

  it('refuses tokens issued before the token version was bumped', async () => {
    const { account, token } = await createSignedIn(t.app, t.db);
    expect((await info(token)).statusCode).toBe(200);
    await endSessions(t.db, account.id);
    // Bumped in the database directly: the account cache hears of it (on PostgreSQL a moment later).
    await expect.poll(async () => (await info(token)).statusCode, { timeout: 2_000 }).toBe(401);
    expectError(await info(token), 401, 'Not authenticated');
  });

  it('refuses a token of an account that no longer exists', async () => {
    const token = await forgeToken({ accountId: 999_999, tokenVersion: 0 });
    expectError(await info(token), 401, 'Not authenticated');
  });

  it('answers 403 once the account is blocked', async () => {
    const { account, token } = await createSignedIn(t.app, t.db);
    await t.db.update(accounts).set({ is_blocked: true }).where(eq(accounts.id, account.id));
    expectError(await info(token), 403, 'Account is blocked');
  });

  it('records activity, at most once a minute', async () => {
    const { account, token } = await createSignedIn(t.app, t.db);
    const lastActive = async () =>
      (await t.db.select().from(accounts).where(eq(accounts.id, account.id)))[0].last_active;
    expect(await lastActive()).toBeNull();
    await info(token);
    const first = await lastActive();
    expect(first).toBeInstanceOf(Date);
    await info(token);
    expect((await lastActive())?.getTime()).toBe(first?.getTime());
  });
});

describe('the account cache', () => {
  it('serves a change made anywhere on the database to every instance (no stale token or block survives)', async () => {
    const other = await createTestApp({ db: t.handle });
    try {
      const { account, token } = await createSignedIn(t.app, t.db);
      const onOther = () => request(other.app, { url: '/api/client/account/info', token });
      // Both instances have read (and keep) the account.
      expect((await info(token)).statusCode).toBe(200);
      expect((await onOther()).statusCode).toBe(200);
      // Changed outside either instance (another instance, a tool): the database announces it after commit.
      await t.db.update(accounts).set({ is_blocked: true }).where(eq(accounts.id, account.id));
      await expect.poll(async () => (await info(token)).statusCode, { timeout: 2_000 }).toBe(403);
      await expect.poll(async () => (await onOther()).statusCode, { timeout: 2_000 }).toBe(403);
      await t.db.update(accounts).set({ is_blocked: false }).where(eq(accounts.id, account.id));
      await expect.poll(async () => (await onOther()).statusCode, { timeout: 2_000 }).toBe(200);
      await endSessions(t.db, account.id);
      await expect.poll(async () => (await onOther()).statusCode, { timeout: 2_000 }).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('forgets accounts once a write request is handled, before its client can send the next one', async () => {
    const { token } = await createSignedIn(t.app, t.db);
    expect((await info(token)).json().language).toBe('en');
    const changed = await request(t.app, {
      method: 'PATCH',
      url: '/api/client/account/info',
      token,
      body: { language: 'ru' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await info(token)).json().language).toBe('ru');
  });
});

describe('JWT secret', () => {
  it('is generated once, kept in settings and shared by every app on the database', async () => {
    const fresh = await createTestDatabase();
    const first = await createTestApp({ db: fresh.handle, config: { jwtSecret: undefined } });
    const second = await createTestApp({ db: fresh.handle, config: { jwtSecret: undefined } });
    try {
      expect(await getSetting(fresh.handle.db, 'jwt_secret')).toMatch(/^[\w-]{64}$/);
      const { email } = await createAccount(fresh.handle.db);
      const token = await signIn(first.app, email);
      const res = await request(second.app, { url: '/api/client/account/info', token });
      expect(res.statusCode).toBe(200);
    } finally {
      await first.close();
      await second.close();
      await fresh.dispose();
    }
  });

  // Issue 43 §2.3: one instance left without JWT_SECRET (or with another) signed every user out behind the
  // balancer. It now refuses to start, naming JWT_SECRET; the database holds a fingerprint, never the secret.
  it('refuses an app whose JWT_SECRET differs from, or is missing beside, the one the database knows', async () => {
    await expect(
      createTestApp({ db: t.handle, config: { jwtSecret: 'another-secret-another-secret-0000' } }),
    ).rejects.toThrow(
      /^JWT_SECRET \(fingerprint [0-9a-f]{16}\) differs from the one the database's instances/,
    );
    await expect(createTestApp({ db: t.handle, config: { jwtSecret: undefined } })).rejects.toThrow(
      /^JWT_SECRET is not set on this instance/,
    );
    const fingerprint = await getSetting(t.db, 'jwt_secret_fingerprint');
    expect(fingerprint).toBe(jwtSecretFingerprint(TEST_JWT_SECRET));
    expect(await getSetting(t.db, 'jwt_secret')).toBeUndefined();
    const stored = await t.db.select().from(settings);
    expect(JSON.stringify(stored)).not.toContain(TEST_JWT_SECRET);
  });

  it('refuses a JWT_SECRET set on a later instance when the first generated one', async () => {
    const fresh = await createTestDatabase();
    const first = await createTestApp({ db: fresh.handle, config: { jwtSecret: undefined } });
    try {
      await expect(createTestApp({ db: fresh.handle })).rejects.toThrow(/JWT_SECRET/);
      // Changed on purpose from the shell: the new secret is the one, the generated one is dropped.
      const rotated = await rotateJwtSecret(fresh.handle.db, TEST_JWT_SECRET);
      expect(rotated.now).toBe(jwtSecretFingerprint(TEST_JWT_SECRET));
      expect(await getSetting(fresh.handle.db, 'jwt_secret')).toBeUndefined();
      const second = await createTestApp({ db: fresh.handle });
      await second.close();
      await expect(createTestApp({ db: fresh.handle, config: { jwtSecret: undefined } })).rejects.toThrow(
        /JWT_SECRET is not set/,
      );
      const [row] = await fresh.handle.db.select().from(auditLog);
      expect(row).toMatchObject({
        action: 'jwt_secret.rotate',
        actor_id: null,
        object_type: 'jwt_secret',
        after: { fingerprint: rotated.now },
      });
    } finally {
      await first.close();
      await fresh.dispose();
    }
  });
});

describe('role guards', () => {
  it('requireAdmin and requireAdminOrDeveloper let only the right roles through', async () => {
    const guarded = await createTestApp({
      db: t.handle,
      extend: (app) => {
        const ok = async () => ({ ok: true });
        app.get('/api/test/admin', { onRequest: app.authenticate, preHandler: app.requireAdmin }, ok);
        app.get(
          '/api/test/staff',
          { onRequest: app.authenticate, preHandler: app.requireAdminOrDeveloper },
          ok,
        );
      },
    });
    try {
      const expectations = { admin: [200, 200], developer: [403, 200], tester: [403, 403], user: [403, 403] };
      for (const [role, [admin, staff]] of Object.entries(expectations)) {
        const { token } = await createSignedIn(guarded.app, t.db, {
          role: role as keyof typeof expectations,
        });
        const adminRes = await request(guarded.app, { url: '/api/test/admin', token });
        const staffRes = await request(guarded.app, { url: '/api/test/staff', token });
        expect([role, adminRes.statusCode, staffRes.statusCode]).toEqual([role, admin, staff]);
        if (admin === 403) expectError(adminRes, 403, 'Forbidden');
      }
    } finally {
      await guarded.close();
    }
  });
});
