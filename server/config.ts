import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseBuildEnv } from '../contract/build-env';
import type { ApiTokenRateLimit } from './accounts/api-tokens/api-token-auth';
import { parseTrustProxy, type TrustProxy } from './platform/http/trust-proxy';
import type { OutboxOptions } from './platform/mail/outbox';
import type { UploadSweepOptions } from './platform/storage/object-storage';
import type { S3Options } from './platform/storage/s3-storage';
import { s3OptionsFromEnv } from './platform/storage/storage-config';
import { type QueueOptions, queueOptionsFromEnv } from './queue/queue-options';
import { parseAllowedHosts } from './webhooks/webhook-address';
import type { WebhookOptions } from './webhooks/webhook-sender';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** S3_BUCKET and its companions (issue 39): artifacts and logos in a bucket; unset, under DATA_DIR. */
  s3?: S3Options;
  /**
   * The sweep of uploads a crash or a kill left unfinished (`.part` files, multipart uploads): every
   * UPLOAD_SWEEP_SECONDS (3600) and at start, of those older than UPLOAD_SWEEP_AGE_SECONDS (unset: each
   * backend's own safe age, storage/object-storage.ts).
   */
  uploadSweep?: UploadSweepOptions;
  /** Unset: embedded PGlite in `<dataDir>/pg`. */
  databaseUrl?: string;
  /** DATABASE_CONNECT_TIMEOUT: how long a start waits for DATABASE_URL's server to answer (60 s). */
  databaseConnectTimeoutMs?: number;
  adminEmail: string;
  /** Unset: a password is generated and printed once, when the admin is created. */
  adminPassword?: string;
  seedDemo: boolean;
  demoPassword?: string;
  /**
   * Unset: a random secret is generated once and kept in the `settings` table. Set or not, it must match the
   * fingerprint the database keeps, or the instance refuses to start (accounts/jwt-secret.ts).
   */
  jwtSecret?: string;
  /**
   * SIGNING_KEY, an Ed25519 private key (PKCS#8 PEM), or the contents of the file SIGNING_KEY_FILE names; unset:
   * one is generated once and kept in `settings` (and so in every database backup, issue 43).
   */
  signingKey?: string;
  /** Access token lifetime in seconds. */
  tokenTtl: number;
  /** API_TOKEN_RATE_LIMIT: requests an API token may make a minute (issue 38; 600 by default). */
  apiTokenRateLimit?: ApiTokenRateLimit;
  /**
   * Issue 38: the webhook sender; `allowedHosts` is WEBHOOK_ALLOWED_HOSTS, the hosts webhooks may reach over
   * plain http and on private addresses. Unset fields take DEFAULT_WEBHOOK_OPTIONS.
   */
  webhooks?: Partial<WebhookOptions>;
  /** TRUST_PROXY: a hop count or the proxies' addresses/CIDRs; never `true` (see lib/trust-proxy). */
  trustProxy: TrustProxy;
  /** Unset: e-mails are written to `<dataDir>/outbox/*.eml` and their links logged. */
  smtpUrl?: string;
  /** The console's public address, used in e-mailed links. */
  appUrl: string;
  /** The From of e-mails. */
  mailFrom: string;
  /** Release e-mail outbox tuning (issue 15; MAIL_DELAY_SECONDS); unset fields take DEFAULT_OUTBOX_OPTIONS. */
  mailOutbox?: Partial<OutboxOptions>;
  /** Build queue tuning (issue 5); unset fields take DEFAULT_QUEUE_OPTIONS. */
  queue?: Partial<QueueOptions>;
  /** `npm start` runs one build agent in the server process unless EMBEDDED_AGENT=0. */
  embeddedAgent?: boolean;
  /** Set: GET /api/metrics needs `Authorization: Bearer <metricsToken>`; unset: it is public. */
  metricsToken?: string;
  /**
   * On SIGTERM: how long in-flight requests (and the embedded agent's build) may take before they are cut
   * (SHUTDOWN_GRACE_SECONDS).
   */
  shutdownGraceMs?: number;
  /**
   * BENCH_BASELINE=1, for bench/lists.ts only: adds the bare query its figures are compared with
   * (server/platform/bench-baseline.ts). Never in production.
   */
  benchBaseline?: boolean;
  /**
   * BUILD_ENV: the variables of the console's environment a BUILD_COMMAND script of the embedded agent
   * also gets, besides PATH, HOME, LANG, LC_ALL, TZ, TMPDIR and the job's own (contract/build-env.ts).
   */
  buildEnv?: string[];
}

/** The console's own secrets: no build script gets them, whatever BUILD_ENV says. */
const SERVER_SECRET_SETTINGS = [
  'JWT_SECRET',
  'SIGNING_KEY',
  'SIGNING_KEY_FILE',
  'DATABASE_URL',
  'SMTP_URL',
  'METRICS_TOKEN',
  'ADMIN_PASSWORD',
  'DEMO_PASSWORD',
  'AGENT_TOKEN',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
];

type Env = Record<string, string | undefined>;

function buildEnvOf(env: Env): string[] {
  const names = parseBuildEnv(env.BUILD_ENV);
  const secret = names.filter((name) => SERVER_SECRET_SETTINGS.includes(name.toUpperCase()));
  if (secret.length > 0)
    throw new Error(
      `BUILD_ENV must not pass the console's own secrets to build scripts: ${secret.join(', ')}`,
    );
  return names;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** SIGNING_KEY, or the file SIGNING_KEY_FILE names (a secret mounted by systemd or a container), not both. */
function signingKeyOf(env: Env): string | undefined {
  const inline = nonEmpty(env.SIGNING_KEY);
  const file = nonEmpty(env.SIGNING_KEY_FILE);
  if (inline && file) throw new Error('Set SIGNING_KEY or SIGNING_KEY_FILE, not both');
  if (!file) return inline;
  try {
    const pem = nonEmpty(readFileSync(file, 'utf8'));
    if (!pem) throw new Error('the file is empty');
    return pem;
  } catch (error) {
    throw new Error(`SIGNING_KEY_FILE: cannot read ${file}: ${(error as Error).message}`);
  }
}

function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = nonEmpty(env[name])?.toLowerCase();
  if (raw === undefined) return fallback;
  return !['0', 'false', 'no', 'off'].includes(raw);
}

/** argon2id's cost: memory in KiB and passes (parallelism stays 1). */
export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
}

/** OWASP's argon2id baseline (19 MiB, t=2), @node-rs/argon2's own default: what production uses. */
export const PRODUCTION_PASSWORD_HASH_COST: PasswordHashCost = { memoryCost: 19_456, timeCost: 2 };

/**
 * ARGON2_MEMORY_KIB and ARGON2_TIME_COST lower the hashing cost for the test suites only (vitest.config.ts
 * sets them), where ~130 sign-ins per run at production cost cost minutes; unset, production's cost. Stored
 * hashes carry their own parameters, so a hash made at either cost verifies under the other.
 */
export function passwordHashCost(env: Env = process.env): PasswordHashCost {
  const memoryCost = positiveInt(env, 'ARGON2_MEMORY_KIB', PRODUCTION_PASSWORD_HASH_COST.memoryCost);
  // argon2 needs at least 8 KiB per lane.
  if (memoryCost < 8) throw new Error(`ARGON2_MEMORY_KIB must be at least 8, got ${memoryCost}`);
  return {
    memoryCost,
    timeCost: positiveInt(env, 'ARGON2_TIME_COST', PRODUCTION_PASSWORD_HASH_COST.timeCost),
  };
}

function appUrlOf(env: Env, host: string, port: number): URL {
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const raw = nonEmpty(env.APP_URL) ?? `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol))
    throw new Error(`APP_URL must be an http(s) URL, got "${raw}"`);
  return url;
}

export function loadConfig(env: Env = process.env): Config {
  const port = positiveInt(env, 'PORT', 8080);
  const host = nonEmpty(env.HOST) ?? '127.0.0.1';
  const appUrl = appUrlOf(env, host, port);
  return {
    port,
    host,
    dataDir: path.resolve(nonEmpty(env.DATA_DIR) ?? './data'),
    ...(s3OptionsFromEnv(env) ? { s3: s3OptionsFromEnv(env) } : {}),
    uploadSweep: {
      everyMs: positiveInt(env, 'UPLOAD_SWEEP_SECONDS', 3600) * 1000,
      ...(nonEmpty(env.UPLOAD_SWEEP_AGE_SECONDS)
        ? { ageMs: positiveInt(env, 'UPLOAD_SWEEP_AGE_SECONDS', 1) * 1000 }
        : {}),
    },
    databaseUrl: nonEmpty(env.DATABASE_URL),
    databaseConnectTimeoutMs: positiveInt(env, 'DATABASE_CONNECT_TIMEOUT', 60) * 1000,
    adminEmail: (nonEmpty(env.ADMIN_EMAIL) ?? 'admin@localhost').toLowerCase(),
    adminPassword: nonEmpty(env.ADMIN_PASSWORD),
    seedDemo: flag(env, 'SEED_DEMO', true),
    demoPassword: nonEmpty(env.DEMO_PASSWORD),
    jwtSecret: nonEmpty(env.JWT_SECRET),
    signingKey: signingKeyOf(env),
    tokenTtl: positiveInt(env, 'TOKEN_TTL', 12 * 60 * 60),
    apiTokenRateLimit: { max: positiveInt(env, 'API_TOKEN_RATE_LIMIT', 600), windowMs: 60_000 },
    webhooks: { allowedHosts: parseAllowedHosts(env.WEBHOOK_ALLOWED_HOSTS) },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    smtpUrl: nonEmpty(env.SMTP_URL),
    appUrl: appUrl.href.replace(/\/+$/, ''),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? `Firmware Console <no-reply@${appUrl.hostname}>`,
    queue: queueOptionsFromEnv(env),
    ...(nonEmpty(env.MAIL_DELAY_SECONDS)
      ? { mailOutbox: { delayMs: positiveInt(env, 'MAIL_DELAY_SECONDS', 60) * 1000 } }
      : {}),
    embeddedAgent: flag(env, 'EMBEDDED_AGENT', true),
    metricsToken: nonEmpty(env.METRICS_TOKEN),
    shutdownGraceMs: positiveInt(env, 'SHUTDOWN_GRACE_SECONDS', 10) * 1000,
    // Left out unless set: nothing of the benchmark shows in a production configuration.
    ...(flag(env, 'BENCH_BASELINE', false) ? { benchBaseline: true } : {}),
    buildEnv: buildEnvOf(env),
  };
}
