import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite } from '../db/client';
import { migrateDb } from '../db/migrate';
import { migrationsFolder } from '../db/pglite-files';

// Starting PGlite from scratch (initdb in WASM) takes ~3 s; loading a saved data directory takes ~0.5 s. The
// first test file to need a database saves a migrated one, keyed by the PGlite version and the migrations,
// and every later file loads it.

function templateKey(): string {
  const hash = createHash('sha256');
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const packageJson = path.join(path.dirname(path.dirname(entry)), 'package.json');
  hash.update(JSON.parse(readFileSync(packageJson, 'utf8')).version);
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, name.name);
      if (name.isDirectory()) walk(full);
      else hash.update(name.name).update(readFileSync(full));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

const templatePath = path.join(tmpdir(), 'firmware-console-tests', `pglite-${templateKey()}.tar`);

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
