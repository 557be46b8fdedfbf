import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Db, DbHandle, Schema } from './client';
import { migrationsFolder } from './pglite-files';
import * as schema from './schema';

// Any constant shared by all instances; it only has to differ from other advisory locks we take.
const STARTUP_LOCK_ID = 7_317_001;

/**
 * Runs `work` with the database migrated, serialised across every instance that starts at the same time
 * (a PostgreSQL advisory lock on one dedicated connection), so two instances never migrate or seed at once.
 */
export async function withMigratedDb<T>(handle: DbHandle, work: (db: Db) => Promise<T>): Promise<T> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as PgliteDatabase<Schema>, { migrationsFolder });
    return work(handle.db);
  }
  const client = await handle.client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
    const db = drizzlePg(client, { schema });
    await migratePg(db, { migrationsFolder });
    return await work(db);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}

export function migrateDb(handle: DbHandle): Promise<void> {
  return withMigratedDb(handle, async () => undefined);
}
