import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DbHandle, fromPglite, fromPool } from '../platform/db/client';
import { migrateDb } from '../platform/db/migrate';
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

/** A new, empty database named `<prefix>_<random>` on the PostgreSQL server of `serverUrl`. */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
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
 * A fresh database with every migration applied: PGlite in memory, or, when DATABASE_URL is set, a new
 * uniquely named database on that server, dropped again by `dispose`.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = fromPglite(await createMigratedPglite());
    return { handle, dispose: () => handle.close() };
  }

  const database = await createScratchDatabase(serverUrl, `test_${process.pid}`);
  const pool = new pg.Pool({ connectionString: database.url, max: 5 });
  const handle = fromPool(pool);
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
