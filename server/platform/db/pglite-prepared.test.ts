import { PGlite } from '@electric-sql/pglite';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, fromPglite } from './client';
import { preparedOnce } from './prepared-statements';
import { series } from './schema';

let client: PGlite;
let handle: DbHandle;

beforeAll(async () => {
  client = new PGlite();
  handle = fromPglite(client);
  await client.exec(
    `create table series (name text primary key, is_blocked boolean not null default false, n integer)`,
  );
  await client.exec(
    `insert into series (name, is_blocked, n) values ('o''brien', false, 1), ('back\\slash', true, 2), ('x', false, 3)`,
  );
});
afterAll(() => handle.close());

const statement = (name: string) =>
  preparedOnce(handle.db, name, [], (prepared) =>
    handle.db
      .select({ name: series.name, n: sql<number>`n` })
      .from(series)
      .where(and(eq(series.name, sql.placeholder('name')), eq(series.is_blocked, sql.placeholder('blocked'))))
      .prepare(prepared),
  );

describe('prepared lists on PGlite', () => {
  it('answers as drizzle does, with quotes, backslashes and nulls in the arguments', async () => {
    const query = statement('series_by_name');
    expect(await query.execute({ name: "o'brien", blocked: false })).toEqual([{ name: "o'brien", n: 1 }]);
    // A backslash is not written into EXECUTE: the same answer through drizzle's own path.
    expect(await query.execute({ name: 'back\\slash', blocked: true })).toEqual([
      { name: 'back\\slash', n: 2 },
    ]);
    expect(await query.execute({ name: "x' or '1'='1", blocked: false })).toEqual([]);
    expect(await query.execute({ name: null, blocked: false })).toEqual([]);
    // Kept in PGlite's session: its plan is not made again at every execution.
    const kept = await client.query<{ name: string }>('select name from pg_prepared_statements');
    expect(kept.rows.map((row) => row.name)).toEqual(['series_by_name_']);
  });
});
