import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Role } from '../../contract/roles';
import type { AccountRow } from '../accounts/accounts-repository';
import { insertAccount, insertPartnerFee } from '../accounts/accounts-repository';
import { hashPassword } from '../accounts/passwords';
import { type AccessClaims, secretKey, signAccessToken } from '../accounts/tokens';
import { type App, type BuildAppOptions, buildApp } from '../app';
import { ensureCatalogue } from '../catalogue/catalogue-seed';
import type { Config } from '../config';
import type { Db, DbHandle } from '../platform/db/client';
import type { ValidationIssue } from '../platform/http/validation-errors';
import { createTestDatabase } from './test-database';

export const TEST_JWT_SECRET = 'test-secret-for-api-tests-only-0123456789';
export const TEST_XSRF = 'test-xsrf-token';
export const TEST_PASSWORD = 'correct horse 42';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    adminEmail: 'admin@localhost',
    seedDemo: false,
    jwtSecret: TEST_JWT_SECRET,
    tokenTtl: 3600,
    trustProxy: false,
    appUrl: 'http://console.test',
    mailFrom: 'Firmware Console <no-reply@console.test>',
    ...overrides,
  };
}

export interface TestApp {
  app: App;
  db: Db;
  handle: DbHandle;
  /** Closes the app and, when this helper created the database, drops it. */
  close: () => Promise<void>;
}

export type TestAppOptions = Partial<Omit<BuildAppOptions, 'config'>> & {
  config?: Partial<Config>;
  /** Adds test-only routes or hooks before the app starts. */
  extend?: (app: App) => void | Promise<void>;
};

/**
 * Builds the app on a fresh, migrated database (PGlite in memory, or a new database on DATABASE_URL's
 * server). Open one per test file: even cloned from the worker's template (pglite-template.ts), a PGlite
 * database is the dearest part of a file (docs/testing.md has the figures). Pass `db: other.handle` to build
 * a second app (different options) on an existing database cheaply. Sign-in limits default to very high
 * numbers so that tests signing in often are not throttled; rate-limit tests pass their own.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.db ? undefined : await createTestDatabase();
  const handle = options.db ?? database?.handle;
  if (!handle) throw new Error('no database');
  const { extend, ...appOptions } = options;
  const app = await buildApp({
    spaDir: '/nonexistent-dist',
    ...appOptions,
    signInLimits: {
      perEmailIp: { freeAttempts: 100_000, baseDelayMs: 60_000, maxDelayMs: 60_000, forgetMs: 60_000 },
      perIp: { freeAttempts: 100_000, baseDelayMs: 60_000, maxDelayMs: 60_000, forgetMs: 60_000 },
      perAccount: { freeAttempts: 100_000, baseDelayMs: 1000, maxDelayMs: 1000, forgetMs: 60_000 },
      mailsPerAccount: { max: 100_000, windowMs: 60_000 },
      ...options.signInLimits,
    },
    config: testConfig(options.config),
    db: handle,
  });
  await extend?.(app);
  await app.ready();
  return {
    app,
    db: handle.db,
    handle,
    close: async () => {
      await app.close();
      await database?.dispose();
    },
  };
}

export const seedCatalogue = (db: Db) => ensureCatalogue(db);

export interface AccountOptions {
  role?: Role;
  email?: string;
  password?: string;
  worker?: string;
  blocked?: boolean;
  language?: 'en' | 'ru';
  fees?: { series: string; min_dev_fee: number; min_total_fee: number }[];
}

export interface TestAccount {
  account: AccountRow;
  email: string;
  password: string;
}

const hashes = new Map<string, Promise<string>>();
// argon2 is slow on purpose; tests reuse a few passwords, so hash each once per file.
const hashOnce = (password: string) => {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
};

/** Creates an account with a role ('user' by default) and a known password (TEST_PASSWORD by default). */
export async function createAccount(db: Db, options: AccountOptions = {}): Promise<TestAccount> {
  const role = options.role ?? 'user';
  const email = options.email ?? `${role}-${randomBytes(4).toString('hex')}@example.test`;
  const password = options.password ?? TEST_PASSWORD;
  const account = await insertAccount(db, {
    email,
    password_hash: await hashOnce(password),
    worker: options.worker ?? `${role}worker`,
    language: options.language,
    is_blocked: options.blocked ?? false,
    is_admin: role === 'admin',
    is_developer: role === 'developer',
    is_tester: role === 'tester',
  });
  for (const fee of options.fees ?? []) await insertPartnerFee(db, { user_id: account.id, ...fee });
  return { account, email: account.email, password };
}

export interface RequestOptions {
  method?: InjectOptions['method'];
  url: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Writes carry a matching XSRF cookie and header unless this is false. */
  xsrf?: boolean;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `app.inject` with the bearer token and, for writes, the XSRF cookie and header a browser would send. */
export function request(app: App, options: RequestOptions): Promise<LightMyRequestResponse> {
  const method = (options.method ?? 'GET').toUpperCase() as InjectOptions['method'];
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const withXsrf = options.xsrf ?? WRITES.has(String(method));
  return app.inject({
    method,
    url: options.url,
    headers: withXsrf ? { ...headers, 'x-xsrf-token': TEST_XSRF } : headers,
    cookies: withXsrf ? { 'XSRF-TOKEN': TEST_XSRF } : undefined,
    ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
  });
}

/** Signs in through the API and returns the bearer token. */
export async function signIn(app: App, email: string, password: string = TEST_PASSWORD): Promise<string> {
  const res = await request(app, { method: 'POST', url: '/api/auth/sign-in', body: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ access_token: string }>().access_token;
}

/** Creates an account and signs it in. */
export async function createSignedIn(app: App, db: Db, options: AccountOptions = {}) {
  const created = await createAccount(db, options);
  return { ...created, token: await signIn(app, created.email, created.password) };
}

/** A token signed with the test secret, e.g. already expired (negative ttl) or with a stale version. */
export function forgeToken(claims: AccessClaims, ttlSeconds = 3600): Promise<string> {
  return signAccessToken(secretKey(TEST_JWT_SECRET), claims, ttlSeconds);
}

/** Expects a 422 whose detail names `field` as the last element of some loc; returns that entry. */
export function expectValidationError(res: LightMyRequestResponse, field: string): ValidationIssue {
  expect(res.statusCode, res.body).toBe(422);
  const { detail } = res.json<{ detail: ValidationIssue[] }>();
  expect(Array.isArray(detail), res.body).toBe(true);
  const issue = detail.find((entry) => entry.loc.at(-1) === field);
  expect(issue, `no validation error for ${field}: ${res.body}`).toBeDefined();
  expect(issue?.type).toBe('value_error');
  return issue as ValidationIssue;
}

/**
 * Expects a 422 whose detail is exactly these issues of the body, in this order: each the field (or its path under
 * the body) and its message.
 */
export function expectBodyIssues(res: LightMyRequestResponse, issues: [string | string[], string][]): void {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json<{ detail: unknown }>().detail).toEqual(
    issues.map(([field, msg]) => ({ loc: ['body', ...[field].flat()], msg, type: 'value_error' })),
  );
}

/** Expects `{"detail": "<message>"}` with the given status. */
export function expectError(res: LightMyRequestResponse, status: number, detail?: string): void {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ detail: unknown }>();
  expect(typeof body.detail).toBe('string');
  if (detail !== undefined) expect(body.detail).toBe(detail);
}
