import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite-template';

let root: string;
const saved = process.env.PGLITE_TEMPLATE_DIR;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pglite-template-'));
  process.env.PGLITE_TEMPLATE_DIR = join(root, 'cache');
});

afterAll(async () => {
  if (saved === undefined) delete process.env.PGLITE_TEMPLATE_DIR;
  else process.env.PGLITE_TEMPLATE_DIR = saved;
  await rm(root, { recursive: true, force: true });
});

describe('openPglite', () => {
  it('initialises and migrates the first fresh directory, keeps it as a template, and fills later fresh ones from it', async () => {
    const first = await openPglite(join(root, 'a'));
    await first.exec('create table kept (id int)');
    await first.close();
    const cached = await readdir(join(root, 'cache'));
    expect(cached).toEqual([expect.stringMatching(/^pglite-.+\.tar\.gz$/)]);

    // A second fresh directory: a working database with the schema and no data (nothing of the first one's).
    const second = await openPglite(join(root, 'b'));
    expect(existsSync(join(root, 'b', 'PG_VERSION'))).toBe(true);
    const tables = async (name: string) =>
      (
        await second.query<{ n: number }>(
          'select count(*)::int as n from information_schema.tables where table_name = $1',
          [name],
        )
      ).rows[0].n;
    expect(await tables('kept')).toBe(0);
    expect(await tables('builds')).toBe(1);
    expect((await second.query<{ n: number }>('select count(*)::int as n from builds')).rows[0].n).toBe(0);
    // Only the database PGlite serves: initdb's template databases were dropped from the template.
    expect((await second.query<{ datname: string }>('select datname from pg_database')).rows).toEqual([
      { datname: 'postgres' },
    ]);
    // Filled aside and renamed into place: nothing half-made is left beside it.
    expect((await readdir(root)).sort()).toEqual(['a', 'b', 'cache']);
    await second.exec('create table mine (id int); insert into mine values (1)');
    await second.close();

    // Reopened, it is the same database.
    const again = await openPglite(join(root, 'b'));
    expect((await again.query<{ id: number }>('select id from mine')).rows).toEqual([{ id: 1 }]);
    await again.close();
    // initdb and three starts of PGlite: slow on a shared machine.
  }, 120_000);
});
