// Issue 43 §4.3: `npm run backup` writes the database and the console's files into one tar archive whose last
// entry, manifest.json, lists every other entry's sha256 and size; `npm run restore` (restore-archive.ts)
// checks them all before it changes anything. The database part is `pg_dump --format=custom` for PostgreSQL
// (DATABASE_URL) and PGlite's own data directory dump for the embedded database.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Pack, pack as tarPack } from 'tar-stream';
import type { DbHandle } from '../platform/db/client';
import { knownMigrations } from '../platform/db/migrate';
import { type ObjectStorage, SERVED_PREFIXES } from '../platform/storage/object-storage';

export const BACKUP_FORMAT = 'firmware-console-backup/v1';
export const MANIFEST_ENTRY = 'manifest.json';
/** The database's entry: a pg_dump custom-format archive, or a tar of PGlite's data directory. */
export const DATABASE_ENTRY = { pg: 'database/postgresql.dump', pglite: 'database/pglite.tar' } as const;
/**
 * The folders of DATA_DIR a backup holds: build artifacts, logo images, and the demo's git repositories
 * (the demo catalogue's repositories point there). Caches (git-cache, agent) and the embedded database's own
 * folder (pg, in the database entry) are left out.
 */
export const DATA_FOLDERS = ['artifacts', 'logos', 'repos'];
/** Issue 39: the bucket's objects (artifacts, logo images) are the entries under this folder, by their key. */
export const BUCKET_ENTRY = 'bucket';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  created_at: string;
  database: 'pg' | 'pglite';
  /** The newest migration the database had (the console that restores it must know it). */
  schema: string;
  /** The secrets kept in the database's `settings` table, by key (README, "Backups"): none of their values. */
  secrets: string[];
  /** With object storage: the bucket (and prefix) the `bucket/` entries were copied from. */
  bucket?: string;
  entries: { path: string; size: number; sha256: string }[];
}

/** pg_dump / pg_restore: from PG_BIN when set, else the PATH. */
export const pgTool = (name: 'pg_dump' | 'pg_restore') =>
  process.env.PG_BIN ? path.join(process.env.PG_BIN, name) : name;

/** Runs a PostgreSQL client tool; rejects with its stderr when it fails. */
export function runTool(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', (error) =>
      reject(
        new Error(`${command} could not start (${error.message}): install PostgreSQL's client or set PG_BIN`),
      ),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited ${code}: ${stderr.trim()}`)),
    );
  });
}

/**
 * The connection string's password goes to the tool through PGPASSWORD, not its command line (where `ps`
 * shows it to every user of the machine).
 */
export function toolConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.href, env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

async function* filesUnder(root: string, relative = ''): AsyncGenerator<string> {
  const entries = await readdir(path.join(root, relative), { withFileTypes: true }).catch(() => []);
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* filesUnder(root, name);
    else if (entry.isFile()) yield name;
  }
}

/** Adds one entry from a stream of `size` bytes, hashing what goes in. */
async function addEntry(
  pack: Pack,
  name: string,
  size: number,
  source: Readable,
): Promise<{ path: string; size: number; sha256: string }> {
  const hash = createHash('sha256');
  let written = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      written += chunk.length;
      done(null, chunk);
    },
  });
  await new Promise<void>((resolve, reject) => {
    const sink = pack.entry({ name, size, mode: 0o600, mtime: new Date() }, (error) =>
      error ? reject(error) : resolve(),
    );
    pipeline(source, counted, sink).catch(reject);
  });
  if (written !== size)
    throw new Error(`${name} changed while it was backed up (${written} of ${size} bytes)`);
  return { path: name, size, sha256: hash.digest('hex') };
}

/**
 * Writes the backup to `out`: the database first, then DATA_FOLDERS' files (an artifact a build names is never
 * changed once written, so the files are at least what the dump refers to), then the manifest.
 */
export async function createBackup(options: {
  handle: DbHandle;
  /** For PostgreSQL: the URL pg_dump connects with. */
  databaseUrl?: string;
  dataDir: string;
  /** With S3_BUCKET: the bucket, whose served objects go into the archive too (issue 39). */
  storage?: ObjectStorage;
  out: string;
}): Promise<BackupManifest> {
  const { handle, dataDir } = options;
  const scratch = await mkdtemp(path.join(tmpdir(), 'console-backup-'));
  const pack = tarPack();
  const written = pipeline(pack, createWriteStream(options.out, { mode: 0o600 }));
  written.catch(() => undefined);
  try {
    const entries: BackupManifest['entries'] = [];
    let database: BackupManifest['database'];
    if (handle.kind === 'pg') {
      if (!options.databaseUrl) throw new Error('a PostgreSQL backup needs DATABASE_URL');
      database = 'pg';
      const dump = path.join(scratch, 'postgresql.dump');
      const { url, env } = toolConnection(options.databaseUrl);
      await runTool(
        pgTool('pg_dump'),
        ['--format=custom', '--no-owner', '--no-privileges', '--file', dump, url],
        env,
      );
      entries.push(await addEntry(pack, DATABASE_ENTRY.pg, (await stat(dump)).size, createReadStream(dump)));
    } else {
      database = 'pglite';
      await handle.client.exec('checkpoint');
      const dump = Buffer.from(await (await handle.client.dumpDataDir('none')).arrayBuffer());
      entries.push(await addEntry(pack, DATABASE_ENTRY.pglite, dump.length, Readable.from([dump])));
    }
    for (const folder of DATA_FOLDERS) {
      const root = path.join(dataDir, folder);
      if (!existsSync(root)) continue;
      for await (const name of filesUnder(root)) {
        const file = path.join(root, name);
        const size = await stat(file).then(
          (info) => info.size,
          () => undefined,
        );
        // Deleted since it was listed (an artifact no build refers to any more): nothing to keep.
        if (size === undefined) continue;
        entries.push(await addEntry(pack, `files/${folder}/${name}`, size, createReadStream(file)));
      }
    }
    const bucket = options.storage?.kind === 's3' ? options.storage : undefined;
    for (const prefix of bucket ? SERVED_PREFIXES : []) {
      for (const object of await (bucket as ObjectStorage).list(prefix)) {
        // Deleted since it was listed (its last build's full clean): nothing to keep.
        const body = await (bucket as ObjectStorage).read(object.key).catch(async (error) => {
          if ((await (bucket as ObjectStorage).stat(object.key)) === undefined) return undefined;
          throw error;
        });
        if (!body) continue;
        entries.push(await addEntry(pack, `${BUCKET_ENTRY}/${object.key}`, object.size, body));
      }
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      created_at: new Date().toISOString(),
      database,
      schema: await newestApplied(handle),
      secrets: await settingsSecrets(handle),
      ...(bucket ? { bucket: bucket.location } : {}),
      entries,
    };
    const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await addEntry(pack, MANIFEST_ENTRY, text.length, Readable.from([text]));
    pack.finalize();
    await written;
    return manifest;
  } catch (error) {
    pack.destroy();
    await rm(options.out, { force: true });
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The secret settings a dump carries: the signing key, the JWT secret, the embedded agent's token. */
export const SECRET_SETTINGS = ['signing_key', 'jwt_secret', 'embedded_agent_token'];

async function settingsSecrets(handle: DbHandle): Promise<string[]> {
  const query = `select key from settings where key in (${SECRET_SETTINGS.map((k) => `'${k}'`).join(', ')}) order by key`;
  const { rows } =
    handle.kind === 'pg'
      ? await handle.client.query<{ key: string }>(query)
      : await handle.client.query<{ key: string }>(query);
  return rows.map((row) => row.key);
}

/** The tag of the newest migration the database records (by drizzle's `created_at`, the journal's `when`). */
async function newestApplied(handle: DbHandle): Promise<string> {
  const query = 'select max(created_at)::text as newest from drizzle.__drizzle_migrations';
  const newest =
    handle.kind === 'pg'
      ? (await handle.client.query<{ newest: string | null }>(query)).rows[0]?.newest
      : (await handle.client.query<{ newest: string | null }>(query)).rows[0]?.newest;
  const when = Number(newest ?? 0);
  return knownMigrations().find((m) => m.when === when)?.tag ?? `unknown (${when})`;
}
