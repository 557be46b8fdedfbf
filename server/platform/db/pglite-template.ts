import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, type PgliteStart, startPglite, templateDir, templateFile } from './pglite-files';

/**
 * PGlite runs Postgres single-user with its shared buffers inside the WebAssembly memory, touched at start:
 * Postgres' default 128 MB cost ~100 MB more RSS than 32 MB from the first second (measured 2026-11-22). One
 * session needs little; pages that do not fit are still in the OS page cache.
 */
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Opens the embedded database in `dir`. A directory that was never initialised would run PGlite's initdb,
 * which costs seconds and a second WebAssembly instance (its memory is never given back), then every
 * migration; instead it is filled from a cached dump of a freshly initialised and migrated directory (same
 * PGlite version, same migrations, no data), written to disk here
 * (PGlite's own loadDataDir would copy it through the WebAssembly memory, which then stayed ~40 MB larger on
 * 2026-11-22), and opened like a restart. The first fresh start on a machine runs initdb and the migrations
 * and writes that dump. A cache that cannot be read or written only costs time. `prepared` is what the
 * process entry began early (see startPglite).
 */
export async function openPglite(dir: string, prepared: PgliteStart = startPglite(dir)): Promise<PGlite> {
  const state = await prepared.state;
  const options = {
    startParams,
    pgliteWasmModule: await prepared.wasmModule,
    fsBundle: await prepared.fsBundle,
  };
  if (state === 'existing') return PGlite.create(dir, options);
  if (state === 'template') {
    try {
      return await PGlite.create(dir, options);
    } catch {
      // A damaged template: start again from an empty directory with initdb below, which writes a new one.
      await rm(dir, { recursive: true, force: true });
    }
  }
  await mkdir(dir, { recursive: true });
  const db = await PGlite.create(dir, options);
  try {
    // Migrated here, before the dump (the caller's migration then finds nothing to do).
    await migrate(drizzle(db), { migrationsFolder });
    // PGlite serves one database, "postgres": initdb's template0 and template1 are never used, yet they
    // are half the files a fresh directory is filled with (PostgreSQL allows dropping them).
    for (const name of ['template0', 'template1']) {
      await db.exec(`alter database ${name} is_template false`);
      await db.exec(`drop database ${name}`);
    }
    const dump = Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
    const file = templateFile();
    await mkdir(templateDir(), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, await promisify(gzip)(dump, { level: 1 }));
    await rename(temp, file);
    for (const old of await readdir(templateDir()))
      if (old.startsWith('pglite-') && old.endsWith('.tar.gz') && join(templateDir(), old) !== file)
        await rm(join(templateDir(), old), { force: true });
  } catch {
    // No cache this time: the next fresh start runs initdb again.
  }
  return db;
}
