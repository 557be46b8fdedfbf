import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, normalize, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { fromRoot } from '../paths';

// The template is only valid for the PGlite build that wrote it (its package.json is not exported).
const PGLITE_VERSION: string = JSON.parse(
  readFileSync(
    join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json'),
    'utf8',
  ),
).version;

/**
 * Where the pristine data directory is cached: PGLITE_TEMPLATE_DIR, or node_modules/.cache of the project
 * (outside any DATA_DIR: one template serves every fresh console on the machine).
 */
export function templateDir(): string {
  return process.env.PGLITE_TEMPLATE_DIR || fromRoot('node_modules', '.cache', 'firmware-console');
}

/**
 * PGlite runs Postgres single-user with its shared buffers inside the WebAssembly memory, touched at start:
 * Postgres' default 128 MB costs ~100 MB more RSS than 32 MB from the first second. One session needs
 * little; pages that do not fit are still in the OS page cache.
 */
const options = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'] };

const migrationsFolder = fromRoot('server', 'db', 'migrations');

/**
 * The template holds the schema too: its name carries the PGlite version and a digest of every migration
 * file, so a new or edited migration makes a new template (and the old ones are deleted when it is written).
 */
function templateFile(): string {
  const digest = createHash('sha256').update(PGLITE_VERSION);
  for (const sub of ['', 'meta'])
    for (const name of readdirSync(join(migrationsFolder, sub)).sort())
      if (name.endsWith('.sql') || name.endsWith('.json'))
        digest.update(name).update(readFileSync(join(migrationsFolder, sub, name)));
  return join(templateDir(), `pglite-${PGLITE_VERSION}-${digest.digest('hex').slice(0, 16)}.tar.gz`);
}

/** Writes a ustar archive (what PGlite's dumpDataDir makes: directories and plain files) under `dir`. */
function extractTar(tar: Buffer, dir: string): void {
  const root = resolve(dir);
  const made = new Set<string>();
  const makeDir = (path: string) => {
    if (made.has(path)) return;
    mkdirSync(path, { recursive: true });
    made.add(path);
  };
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (from: number, length: number) =>
      header
        .subarray(from, from + length)
        .toString('utf8')
        .replace(/\0[\s\S]*$/, '');
    const prefix = field(345, 155);
    const name = `${prefix ? `${prefix}/` : ''}${field(0, 100)}`;
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1) || '0';
    const target = resolve(root, `.${normalize(`/${name}`)}`);
    if (target !== root && !target.startsWith(`${root}${sep}`)) throw new Error(`tar entry outside: ${name}`);
    at += 512;
    if (type === '5') makeDir(target);
    else if (type === '0') {
      makeDir(dirname(target));
      writeFileSync(target, tar.subarray(at, at + size));
    } else throw new Error(`unexpected tar entry type ${type}`);
    at += Math.ceil(size / 512) * 512;
  }
}

/**
 * Opens the embedded database in `dir`. A directory that was never initialised would run PGlite's initdb,
 * which costs seconds and a second WebAssembly instance (its memory is never given back), then every
 * migration; instead it is filled from a cached dump of a freshly initialised and migrated directory (same
 * PGlite version, same migrations, no data), written to disk here
 * (PGlite's own loadDataDir would copy it through the WebAssembly memory, which then stays ~40 MB larger),
 * and opened like a restart. The first fresh start on a machine runs initdb and the migrations and writes that dump. A cache that
 * cannot be read or written only costs time.
 */
export async function openPglite(dir: string): Promise<PGlite> {
  if (existsSync(join(dir, 'PG_VERSION'))) return PGlite.create(dir, options);
  const file = templateFile();
  // Synchronous: nothing else to do meanwhile, and zlib's thread pool round trips cost more than they save.
  const template = await readFile(file)
    .then((gz) => gunzipSync(gz))
    .catch(() => undefined);
  if (template) {
    try {
      // Synchronous: a thousand small files, nothing else to do meanwhile; far faster than one await each.
      extractTar(template, dir);
      return await PGlite.create(dir, options);
    } catch {
      // A damaged template: start again from an empty directory with initdb below, which writes a new one.
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
    }
  }
  const db = await PGlite.create(dir, options);
  try {
    // Migrated here, before the dump (the caller's migration then finds nothing to do).
    await migrate(drizzle(db), { migrationsFolder });
    const dump = Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
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
