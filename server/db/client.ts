import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
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

/**
 * Opens the database named by the config: PostgreSQL when a URL is given, otherwise the embedded PGlite
 * in `<dataDir>/pg`. PGlite is heavy (~300 MB, ~2 s): open it once per process and share the handle.
 */
export async function openDb(options: { databaseUrl?: string; dataDir: string }): Promise<DbHandle> {
  if (options.databaseUrl) {
    return fromPool(new pg.Pool({ connectionString: options.databaseUrl, max: 10 }));
  }
  const dir = path.join(options.dataDir, 'pg');
  await mkdir(dir, { recursive: true });
  return fromPglite(await PGlite.create(dir));
}
