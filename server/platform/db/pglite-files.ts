import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, normalize, resolve, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fromRoot } from '../../paths';

// The files of the embedded database that can be made ready before PGlite's own module is loaded: this module
// uses node's modules only, so that the process entry (server/main.ts) can start it first (see startPglite).

const PGLITE_DIST = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));

// The template is only valid for the PGlite build that wrote it (its package.json is not exported).
export const PGLITE_VERSION: string = JSON.parse(
  readFileSync(join(PGLITE_DIST, '..', 'package.json'), 'utf8'),
).version;

export const migrationsFolder = fromRoot('server', 'platform', 'db', 'migrations');

/** The embedded database's directory inside DATA_DIR. */
export const pgliteDir = (dataDir: string) => join(dataDir, 'pg');

/**
 * Where the pristine data directory is cached: PGLITE_TEMPLATE_DIR, or node_modules/.cache of the project
 * (outside any DATA_DIR: one template serves every fresh console on the machine).
 */
export function templateDir(): string {
  return process.env.PGLITE_TEMPLATE_DIR || fromRoot('node_modules', '.cache', 'firmware-console');
}

// What a template holds besides the schema; a change here makes a new template. 2: no template0/template1.
const TEMPLATE_FORMAT = '2';

/**
 * What a pristine data directory depends on: the PGlite version, the template format and every migration file.
 * A new or edited migration makes a new template (the runtime's, and the tests' in-memory one).
 */
export function templateDigest(): string {
  const digest = createHash('sha256').update(PGLITE_VERSION).update(TEMPLATE_FORMAT);
  for (const sub of ['', 'meta'])
    for (const name of readdirSync(join(migrationsFolder, sub)).sort())
      if (name.endsWith('.sql') || name.endsWith('.json'))
        digest.update(name).update(readFileSync(join(migrationsFolder, sub, name)));
  return digest.digest('hex').slice(0, 16);
}

/** The cached template of this PGlite and these migrations (old ones are deleted when it is written). */
export function templateFile(): string {
  return join(templateDir(), `pglite-${PGLITE_VERSION}-${templateDigest()}.tar.gz`);
}

/** Writes a ustar archive (what PGlite's dumpDataDir makes: directories and plain files) under `dir`. */
export function extractTar(tar: Buffer, dir: string): void {
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

/** The system's tar in its own process (the other core), or, where there is none, this process. */
async function untar(file: string, dir: string): Promise<void> {
  const code = await new Promise<number>((done) => {
    const child = spawn('tar', ['-xzf', file, '-C', dir], { stdio: 'ignore' });
    child.once('error', () => done(-1));
    child.once('exit', (exitCode) => done(exitCode ?? -1));
  });
  if (code === 0) return;
  await rm(dir, { recursive: true, force: true });
  extractTar(gunzipSync(await readFile(file)), dir);
}

/**
 * How the data directory was found: `existing` (a restart), `template` (a fresh directory just filled from
 * the cached template), `empty` (no template yet: PGlite's initdb has to run).
 */
export type DataDirState = 'existing' | 'template' | 'empty';

/**
 * Fills a fresh data directory from the template into a sibling directory renamed into place when complete,
 * so that a process stopped half way leaves no half database behind.
 */
async function fillFromTemplate(dir: string): Promise<DataDirState> {
  if (existsSync(join(dir, 'PG_VERSION'))) return 'existing';
  const file = templateFile();
  if (!existsSync(file)) return 'empty';
  const partial = `${dir}.partial-${process.pid}`;
  try {
    await mkdir(partial, { recursive: true });
    await untar(file, partial);
    // A fresh directory (or one without a database in it, left by an initdb that failed) is replaced.
    await rm(dir, { recursive: true, force: true });
    await rename(partial, dir);
    return 'template';
  } catch {
    await rm(partial, { recursive: true, force: true }).catch(() => undefined);
    return 'empty';
  }
}

/** What opening PGlite needs that can be made ready beforehand. */
export interface PgliteStart {
  dir: string;
  state: Promise<DataDirState>;
  /** pglite.wasm compiled (V8 compiles it on its own threads); undefined when that failed. */
  wasmModule: Promise<WebAssembly.Module | undefined>;
  /** pglite.data, the Postgres share files, read. */
  fsBundle: Promise<Blob | undefined>;
}

/**
 * Starts everything PGlite's start waits for — compiling its WebAssembly, reading its file bundle, filling a
 * fresh data directory from the template with the system's tar — so that it runs beside the loading of the
 * server's modules instead of after it. Never rejects.
 */
export function startPglite(dir: string): PgliteStart {
  return {
    dir,
    state: fillFromTemplate(dir).catch(() => 'empty' as const),
    wasmModule: readFile(join(PGLITE_DIST, 'pglite.wasm'))
      .then((bytes) => WebAssembly.compile(bytes))
      .catch(() => undefined),
    fsBundle: readFile(join(PGLITE_DIST, 'pglite.data'))
      .then((bytes) => new Blob([bytes]))
      .catch(() => undefined),
  };
}
