import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite in `<dataDir>/pg`. */
  databaseUrl?: string;
  adminEmail: string;
  /** Unset: a password is generated and printed once, when the admin is created. */
  adminPassword?: string;
  seedDemo: boolean;
  demoPassword?: string;
  /** Unset: a random secret is generated once and kept in the `settings` table. */
  jwtSecret?: string;
  /** Access token lifetime in seconds. */
  tokenTtl: number;
  trustProxy: boolean;
}

type Env = Record<string, string | undefined>;

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
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

export function loadConfig(env: Env = process.env): Config {
  return {
    port: positiveInt(env, 'PORT', 8080),
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    dataDir: path.resolve(nonEmpty(env.DATA_DIR) ?? './data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    adminEmail: (nonEmpty(env.ADMIN_EMAIL) ?? 'admin@localhost').toLowerCase(),
    adminPassword: nonEmpty(env.ADMIN_PASSWORD),
    seedDemo: flag(env, 'SEED_DEMO', true),
    demoPassword: nonEmpty(env.DEMO_PASSWORD),
    jwtSecret: nonEmpty(env.JWT_SECRET),
    tokenTtl: positiveInt(env, 'TOKEN_TTL', 12 * 60 * 60),
    trustProxy: flag(env, 'TRUST_PROXY', false),
  };
}
