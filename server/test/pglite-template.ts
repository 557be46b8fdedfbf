import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite } from '../platform/db/client';
import { migrateDb } from '../platform/db/migrate';
import { templateDigest } from '../platform/db/pglite-files';

// Starting PGlite from scratch (initdb in WASM) takes ~3 s; loading a saved data directory takes ~0.5 s. The
// first test file to need a database saves a migrated one, keyed by the PGlite version and the migrations,
// and every later file loads it.

const templatePath = path.join(tmpdir(), 'firmware-console-tests', `pglite-${templateDigest()}.tar`);

async function saveTemplate(): Promise<void> {
  const db = await PGlite.create();
  try {
    await migrateDb(fromPglite(db));
    const dump = await db.dumpDataDir('none');
    await mkdir(path.dirname(templatePath), { recursive: true });
    // Write aside and rename, so a concurrent test file never reads half a file.
    const partial = `${templatePath}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, templatePath);
  } finally {
    await db.close();
  }
}

/** A fresh in-memory PGlite with every migration applied. */
export async function createMigratedPglite(): Promise<PGlite> {
  let data = await readFile(templatePath).catch(() => undefined);
  if (!data) {
    await saveTemplate();
    data = await readFile(templatePath);
  }
  const db = await PGlite.create({ loadDataDir: new Blob([data]) });
  // A no-op when the template is current; applies anything newer otherwise.
  await migrateDb(fromPglite(db));
  return db;
}
