import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type PgliteStart, pgliteDir } from './pglite-files';
import { openPglite } from './pglite-template';
import * as schema from './schema';

export type Schema = typeof schema;

/** The database as repositories see it, whichever driver is underneath (a transaction fits too). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DbHandle =
  | { kind: 'pglite'; db: Db; client: PGlite; close: () => Promise<void> }
  | { kind: 'pg'; db: Db; client: pg.Pool; close: () => Promise<void> };

/** Wraps an open PGlite (a data directory, or in memory when created with no argument). */
export function fromPglite(client: PGlite): DbHandle {
  return { kind: 'pglite', db: drizzlePglite(client, { schema }), client, close: () => client.close() };
}

export function fromPool(pool: pg.Pool): DbHandle {
  return { kind: 'pg', db: drizzlePg(pool, { schema }), client: pool, close: () => pool.end() };
}

const CONNECT_TIMEOUT_MS = 5_000;

const defaultIdleError = (error: Error) =>
  console.warn(`${new Date().toISOString()} WARN database connection lost: ${error.message}`);

// SQLSTATE classes and codes meaning "the database is not there right now": connection exceptions (08…),
// the server shutting down or starting up (57P01–57P03), too many connections (53300).
const UNAVAILABLE_STATES = /^(08|57P0[123]$|53300$)/;
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended',
];

/**
 * True when the error (or a driver error drizzle wrapped in `cause`) says the database cannot be reached,
 * as opposed to a query that failed: the request deserves a 503, and trying again later may work.
 */
export function isDbUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_ERRNOS.has(code)))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    if (current instanceof AggregateError && current.errors.some((e) => isDbUnavailable(e))) return true;
    current = cause;
  }
  return false;
}

/**
 * Opens the database named by the config: PostgreSQL when a URL is given, otherwise the embedded PGlite
 * in `<dataDir>/pg`. PGlite is heavy (its own Postgres in WebAssembly memory): open it once per process and
 * share the handle.
 */
export async function openDb(options: {
  databaseUrl?: string;
  dataDir: string;
  onIdleError?: (error: Error) => void;
  /** The embedded database's start, begun early by the process entry. */
  pglite?: PgliteStart;
}): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // With the database unreachable a request fails within seconds (503) instead of waiting for ever.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    // An idle client whose connection drops (a restart, a network cut) emits 'error' on the pool: without a
    // listener that would crash the process. The pool discards the client and opens a new one when needed.
    pool.on('error', (error) => {
      (options.onIdleError ?? defaultIdleError)(error);
    });
    return fromPool(pool);
  }
  const dir = pgliteDir(options.dataDir);
  await mkdir(options.dataDir, { recursive: true });
  return fromPglite(await openPglite(dir, options.pglite));
}
