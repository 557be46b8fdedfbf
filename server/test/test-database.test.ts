// The API tests' databases (issue 40): each file starts from the migrated template's state, whether it gets a
// fresh clone or this worker's PGlite emptied after the file before it.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../platform/db/client';
import { createAccount } from './helper';
import { createTestDatabase } from './test-database';

/** The rows of a query (either driver answers `{ rows }`). */
const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

async function rowsPerTable(db: Db): Promise<Record<string, number>> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [{ n }] = await rowsOf<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${name}`));
    if (n > 0) counts[name] = n;
  }
  return counts;
}

const nextQueueVersion = async (db: Db) =>
  (await rowsOf<{ v: string }>(db, sql`select nextval('queue_version')::text as v`))[0].v;

describe('a test file’s database', () => {
  it('holds no rows after the migrations, so an emptied database is the template’s state', {
    timeout: 120_000,
  }, async () => {
    const first = await createTestDatabase();
    const fresh = await createTestDatabase(); // while the first is held: a clone of the template
    try {
      expect(await rowsPerTable(fresh.handle.db)).toEqual({});
    } finally {
      await fresh.dispose();
      await first.dispose();
    }
  });

  it('is empty, with its ids and sequences from the start, after a file that wrote to it', async () => {
    const earlier = await createTestDatabase();
    await createAccount(earlier.handle.db);
    await createAccount(earlier.handle.db);
    await nextQueueVersion(earlier.handle.db);
    await earlier.dispose();

    const later = await createTestDatabase();
    try {
      expect(await rowsPerTable(later.handle.db)).toEqual({});
      expect((await createAccount(later.handle.db)).account.id).toBe(1);
      expect(await nextQueueVersion(later.handle.db)).toBe('1');
    } finally {
      await later.dispose();
    }
  });

  // PGlite's loan; a PostgreSQL file's database is its own copy, dropped at the end.
  it.skipIf(process.env.DATABASE_URL)(
    'is a working database after a file closed the one it held',
    async () => {
      const closed = await createTestDatabase();
      await closed.handle.close();
      await closed.dispose();
      const next = await createTestDatabase();
      try {
        expect(await rowsPerTable(next.handle.db)).toEqual({});
      } finally {
        await next.dispose();
      }
    },
  );
});
