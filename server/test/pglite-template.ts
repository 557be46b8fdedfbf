import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite } from '../platform/db/client';
import { migrateDb } from '../platform/db/migrate';
import { templateDigest } from '../platform/db/pglite-files';

// Starting PGlite from scratch (initdb in WASM) takes seconds; loading a saved, migrated data directory a
// fraction of that. The first test file to need a database saves one, keyed by the PGlite version and the
// migrations; every later file loads it. Within a test process (one of Vitest's; the api project does not
// isolate its files) the dump, the compiled WebAssembly and PGlite's share files are read once and kept: each
// file's database is then a clone of the test process's template, not a migration (issue 40).
//
// What a load costs is mostly the dump's size and the shared buffers Postgres touches at start, hence:
// initdb's template0 and template1 are dropped from the dump (PGlite serves "postgres" only; the production
// template does the same, server/platform/db/pglite-template.ts), and 32 MB of shared buffers, not 128 MB.
// Measured 2026-11-27 back to back on the loaded 2-core machine: 17.7–21.6 s per database before, 7.8–8.8 s
// after (docs/testing.md).

const FORMAT = 'slim-1';
const templatePath = path.join(
  tmpdir(),
  'firmware-console-tests',
  `pglite-${templateDigest()}-${FORMAT}.tar`,
);
const PGLITE_DIST = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

interface ProcessTemplate {
  dump: Blob;
  pgliteWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

let template: Promise<ProcessTemplate> | undefined;

async function saveTemplate(options: Omit<ProcessTemplate, 'dump'>): Promise<Buffer> {
  const db = await PGlite.create({ ...options, startParams });
  try {
    await migrateDb(fromPglite(db));
    for (const name of ['template0', 'template1']) {
      await db.exec(`alter database ${name} is_template false`);
      await db.exec(`drop database ${name}`);
    }
    await db.exec('checkpoint');
    const dump = Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
    await mkdir(path.dirname(templatePath), { recursive: true });
    // Write aside and rename, so a concurrent test file never reads half a file.
    const partial = `${templatePath}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, dump);
    await rename(partial, templatePath);
    return dump;
  } finally {
    await db.close();
  }
}

async function loadProcessTemplate(): Promise<ProcessTemplate> {
  const [pgliteWasmModule, fsBundle] = await Promise.all([
    readFile(path.join(PGLITE_DIST, 'pglite.wasm')).then((bytes) => WebAssembly.compile(bytes)),
    readFile(path.join(PGLITE_DIST, 'pglite.data')).then((bytes) => new Blob([new Uint8Array(bytes)])),
  ]);
  const saved =
    (await readFile(templatePath).catch(() => undefined)) ??
    (await saveTemplate({ pgliteWasmModule, fsBundle }));
  return { dump: new Blob([new Uint8Array(saved)]), pgliteWasmModule, fsBundle };
}

/** A fresh in-memory PGlite with every migration applied: a clone of this test process's template. */
export async function createMigratedPglite(): Promise<PGlite> {
  template ??= loadProcessTemplate();
  // A failed load (a damaged file) is not kept: the next file tries again.
  template.catch(() => {
    template = undefined;
  });
  const { dump, ...options } = await template;
  const db = await PGlite.create({ ...options, startParams, loadDataDir: dump });
  // A no-op when the template is current; applies anything newer otherwise.
  await migrateDb(fromPglite(db));
  return db;
}
