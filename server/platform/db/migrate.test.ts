// Issue 43 §4.1: each migration a start applies is named in the log, and a database a newer console migrated
// is refused before anything is written to it. "A newer console" is this one's migrations plus one more, in a
// copy of the folder.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { knownMigrations, SchemaTooNewError, withMigratedDb } from './migrate';
import { migrationsFolder } from './pglite-files';

const NEXT = '9999_from_a_newer_console';
let database: TestDatabase;
let newer: string;
let nextWhen: number;

beforeAll(async () => {
  newer = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  await cp(migrationsFolder, newer, { recursive: true });
  const journalFile = path.join(newer, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8'));
  nextWhen = (knownMigrations().at(-1)?.when ?? 0) + 86_400_000;
  journal.entries.push({
    idx: journal.entries.length,
    version: '7',
    when: nextWhen,
    tag: NEXT,
    breakpoints: true,
  });
  await writeFile(journalFile, JSON.stringify(journal));
  await writeFile(path.join(newer, `${NEXT}.sql`), 'CREATE TABLE "newer_console_marker" ("id" integer);');
});

afterAll(async () => {
  await rm(newer, { recursive: true, force: true });
});

// Each test starts on a database migrated by this console, whatever another test applied to its own.
beforeEach(async () => {
  database = await createTestDatabase();
});

afterEach(async () => {
  // The lent test database is emptied table by table in `public` only: leave it and drizzle's record as found.
  const { db } = database.handle;
  await db.execute(sql`drop table if exists newer_console_marker`);
  await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${nextWhen}`);
  await database.dispose();
});

const run = (folder?: string) => {
  const lines: string[] = [];
  let worked = false;
  const done = withMigratedDb(
    database.handle,
    async () => {
      worked = true;
    },
    { log: (line) => lines.push(line), folder },
  );
  return { done, lines, worked: () => worked };
};

describe('migrations at start', () => {
  it('says the schema is up to date when there is nothing to apply', async () => {
    const start = run();
    await start.done;
    expect(start.lines).toEqual([`database schema up to date (${knownMigrations().at(-1)?.tag})`]);
  });

  it('names each migration it applies', async () => {
    const start = run(newer);
    await start.done;
    expect(start.lines).toEqual([`applying 1 migration(s): ${NEXT}`, `migration applied: ${NEXT}`]);
    expect(start.worked()).toBe(true);
  });

  it('refuses, touching nothing, a database a newer console migrated', async () => {
    // The newer console started on it first.
    await run(newer).done;
    const start = run();
    await expect(start.done).rejects.toBeInstanceOf(SchemaTooNewError);
    await expect(start.done).rejects.toThrow(
      /schema is newer than this console: it has 1 migration\(s\) this version does not know .*downgrading is not supported/,
    );
    expect(start.worked()).toBe(false);
    expect(start.lines).toEqual([]);
  });
});
