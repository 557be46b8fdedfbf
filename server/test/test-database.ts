import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DbHandle, fromPglite, fromPool } from '../platform/db/client';
import { migrateDb } from '../platform/db/migrate';
import { templateDigest } from '../platform/db/pglite-files';
import { createMigratedPglite } from './pglite-template';

export interface TestDatabase {
  handle: DbHandle;
  /** Closes the connection and, on PostgreSQL, drops the database. */
  dispose: () => Promise<void>;
}

export interface ScratchDatabase {
  url: string;
  /** Drops the database, closing whatever connections are left to it. */
  drop: () => Promise<void>;
}

/**
 * A new database named `<prefix>_<random>` on the PostgreSQL server of `serverUrl`: empty, or a copy of
 * `template` (PostgreSQL copies its files: no migration).
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await withAdmin(serverUrl, (admin) =>
    whileBusy(() => admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`)),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/**
 * PostgreSQL refuses to copy or rename a database another session is on (55006): two files' copies of one
 * template at the same moment, or the backend of a connection just closed that has not exited yet. Both
 * pass within moments.
 */
async function whileBusy<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function withAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * This test process's PGlite, lent to one test file at a time and emptied for the next (issue 40): a clone of the
 * template costs seconds of WebAssembly start-up on a loaded machine, emptying it a fraction of one. A file
 * that asks for a second database while it holds this one, or a file after one that never gave it back (its
 * app may still be running), gets a fresh clone instead; so does the file after one that closed it.
 */
let lent: { client: PGlite; busy: boolean } | undefined;

async function pgliteDatabase(): Promise<TestDatabase> {
  if (lent && !lent.busy && !lent.client.closed) {
    const mine = lent;
    mine.busy = true;
    await emptyDatabase(mine.client);
    return lend(mine);
  }
  const client = await createMigratedPglite();
  if (!lent || lent.client.closed) {
    lent = { client, busy: true };
    return lend(lent);
  }
  const handle = fromPglite(client);
  return { handle, dispose: () => handle.close() };
}

function lend(loan: { client: PGlite; busy: boolean }): TestDatabase {
  return {
    handle: fromPglite(loan.client),
    dispose: async () => {
      loan.busy = false;
    },
  };
}

/**
 * Back to the migrated template's state: the session's prepared statements, LISTENs, advisory locks and
 * settings dropped (DISCARD ALL), every table of ours emptied and every sequence restarted. The migrations
 * seed no rows (server/test/test-database.test.ts holds them to it), so empty is the template's state.
 */
async function emptyDatabase(client: PGlite): Promise<void> {
  await client.exec('discard all');
  const { rows } = await client.query<{ tables: string | null; sequences: string[] }>(
    `select (select string_agg(format('%I.%I', schemaname, tablename), ', ') from pg_tables
              where schemaname = 'public') as tables,
            (select coalesce(array_agg(format('%I.%I', sequence_schema, sequence_name)), '{}')
               from information_schema.sequences where sequence_schema = 'public') as sequences`,
  );
  const [{ tables, sequences }] = rows;
  if (tables) await client.exec(`truncate ${tables} restart identity cascade`);
  for (const sequence of sequences) await client.exec(`alter sequence ${sequence} restart`);
}

let template: Promise<string> | undefined;

/**
 * The name of a database on `serverUrl` with every migration applied and nothing else, made by the first file
 * of a run that needs it and kept (named by the migrations' digest, so a changed migration makes a new one):
 * each file's database is then a copy (`create database … template`), not a migration (issue 40). An advisory
 * lock makes the workers of a run wait for the one that makes it.
 */
function migratedTemplate(serverUrl: string): Promise<string> {
  template ??= withAdmin(serverUrl, async (admin) => {
    const name = `test_template_${templateDigest()}`;
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        // Made under another name and renamed once migrated: a run cut short leaves no half-made template.
        const partial = await createScratchDatabase(serverUrl, `${name}_partial`);
        const pool = new pg.Pool({ connectionString: partial.url, max: 1 });
        await migrateDb(fromPool(pool));
        await pool.end();
        const made = new URL(partial.url).pathname.slice(1);
        await whileBusy(() => admin.query(`alter database "${made}" rename to "${name}"`));
      }
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
  template.catch(() => {
    template = undefined;
  });
  return template;
}

/**
 * A fresh database with every migration applied: PGlite in memory (a clone of the test process's template), or,
 * when DATABASE_URL is set, a new uniquely named copy of the run's template on that server, dropped again by
 * `dispose`.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return pgliteDatabase();

  const database = await createScratchDatabase(
    serverUrl,
    `test_${process.pid}`,
    await migratedTemplate(serverUrl),
  );
  const pool = new pg.Pool({ connectionString: database.url, max: 5 });
  const handle = fromPool(pool);
  // A no-op on a copy of the current template.
  await migrateDb(handle);
  return {
    handle,
    dispose: async () => {
      // pool.end() resolves before every socket has closed; `drop … with (force)` then kills those backends
      // and their FATAL 57P01 would surface as an unhandled pool error.
      pool.on('error', () => undefined);
      await handle.close();
      await database.drop();
    },
  };
}
