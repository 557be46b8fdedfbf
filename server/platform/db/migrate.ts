import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Db, DbHandle, Schema } from './client';
import { migrationsFolder as defaultFolder } from './pglite-files';
import * as schema from './schema';

// Any constant shared by all instances; it only has to differ from other advisory locks we take.
const STARTUP_LOCK_ID = 7_317_001;

/** One migration this build ships: its file's name and the time drizzle records it under when applied. */
export interface KnownMigration {
  tag: string;
  when: number;
}

/** The migrations of this build, oldest first (drizzle's journal, meta/_journal.json). */
export function knownMigrations(folder = defaultFolder): KnownMigration[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: KnownMigration[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * Issue 43: an older console started on a database a newer one migrated wrote rows without the newer columns
 * (builds without `config_hash`). It now stops before touching anything.
 */
export class SchemaTooNewError extends Error {
  override name = 'SchemaTooNewError';
}

export interface MigrateOptions {
  /** Where a start's migration lines go (`console.log` unless told). */
  log?: (line: string) => void;
  /** The migrations (tests pass a copy with one more). */
  folder?: string;
}

const defaultLog = (line: string) => console.log(`${new Date().toISOString()} INFO ${line}`);

/** drizzle's record of what was applied: one row per migration, `created_at` the journal's `when`. */
async function appliedTimes(db: Db): Promise<number[]> {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const [found] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  );
  if (!found?.present) return [];
  const rows = rowsOf<{ created_at: string | number | null }>(
    await db.execute(sql`select created_at from drizzle.__drizzle_migrations`),
  );
  return rows.map((row) => Number(row.created_at));
}

/**
 * Migrates with drizzle's migrator, after refusing a database that has migrations this build does not ship
 * (a newer console's), and names each migration it applied.
 */
async function migrateLogged(
  db: Db,
  run: () => Promise<void>,
  { log = defaultLog, folder = defaultFolder }: MigrateOptions,
): Promise<void> {
  const known = knownMigrations(folder);
  const before = await appliedTimes(db);
  const knownTimes = new Set(known.map((m) => m.when));
  const unknown = before.filter((when) => !knownTimes.has(when));
  if (unknown.length > 0) {
    const newest = new Date(Math.max(...unknown)).toISOString().slice(0, 10);
    const last = known.at(-1)?.tag ?? 'none';
    throw new SchemaTooNewError(
      `The database's schema is newer than this console: it has ${unknown.length} migration(s) this version ` +
        `does not know (the newest written ${newest}; this version's last is ${last}). A newer console ` +
        'upgraded it. Start that version (or newer); downgrading is not supported: to go back, restore the ' +
        'backup taken before the upgrade (README, "Upgrading").',
    );
  }
  const last = before.length > 0 ? Math.max(...before) : -1;
  const pending = known.filter((m) => m.when > last);
  if (pending.length === 0) {
    log(`database schema up to date (${known.at(-1)?.tag ?? 'no migrations'})`);
    return;
  }
  log(`applying ${pending.length} migration(s): ${pending.map((m) => m.tag).join(', ')}`);
  await run();
  for (const m of pending) log(`migration applied: ${m.tag}`);
}

/**
 * Runs `work` with the database migrated, serialised across every instance that starts at the same time
 * (a PostgreSQL advisory lock on one dedicated connection), so two instances never migrate or seed at once.
 * Throws SchemaTooNewError, changing nothing, on a database a newer console migrated.
 */
export async function withMigratedDb<T>(
  handle: DbHandle,
  work: (db: Db) => Promise<T>,
  options: MigrateOptions = {},
): Promise<T> {
  const migrationsFolder = options.folder ?? defaultFolder;
  if (handle.kind === 'pglite') {
    await migrateLogged(
      handle.db,
      () => migratePglite(handle.db as PgliteDatabase<Schema>, { migrationsFolder }),
      options,
    );
    return work(handle.db);
  }
  const client = await handle.client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
    const db = drizzlePg(client, { schema });
    await migrateLogged(db, () => migratePg(db, { migrationsFolder }), options);
    return await work(db);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}

/** Migrates quietly (tests, the app built on a database it opened itself); refuses a newer schema too. */
export function migrateDb(handle: DbHandle): Promise<void> {
  return withMigratedDb(handle, async () => undefined, { log: () => undefined });
}
