// Issue 43 §4.3: `npm run restore -- FILE [--force]`. Every entry of the archive is unpacked aside and its
// sha256 and size checked against the manifest before anything in the database or DATA_DIR changes; a database
// or data folders that already hold something are refused unless --force says to replace them.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { extract as tarExtract } from 'tar-stream';
import { openDb } from '../platform/db/client';
import { extractTar, pgliteDir } from '../platform/db/pglite-files';
import { createLocalStorage } from '../platform/storage/local-storage';
import { type ObjectStorage, SERVED_PREFIXES } from '../platform/storage/object-storage';
import { copyStorage } from '../platform/storage/storage-copy';
import { rememberLocation } from '../platform/storage/storage-guard';
import {
  BACKUP_FORMAT,
  type BackupManifest,
  BUCKET_ENTRY,
  DATA_FOLDERS,
  DATABASE_ENTRY,
  MANIFEST_ENTRY,
  pgTool,
  runTool,
  toolConnection,
} from './backup-archive';

export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

const SAFE_NAME =
  /^(database\/[a-z.]+|(files|bucket)\/[A-Za-z0-9._-]+(\/[A-Za-z0-9._@+-]+)*|manifest\.json)$/;

/** Unpacks the archive into `staging`, checking each entry against the manifest (its last entry). */
async function unpackVerified(file: string, staging: string): Promise<BackupManifest> {
  const found = new Map<string, { size: number; sha256: string }>();
  const extract = tarExtract();
  const done = pipeline(createReadStream(file), extract);
  done.catch(() => undefined);
  for await (const entry of extract) {
    const name = entry.header.name;
    if (entry.header.type !== 'file' || !SAFE_NAME.test(name) || name.split('/').includes('..'))
      throw new RestoreRefusedError(`not a console backup: unexpected entry ${JSON.stringify(name)}`);
    const target = path.join(staging, name);
    await mkdir(path.dirname(target), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    await pipeline(
      entry,
      new Transform({
        transform(chunk: Buffer, _encoding, next) {
          hash.update(chunk);
          size += chunk.length;
          next(null, chunk);
        },
      }),
      createWriteStream(target, { mode: 0o600 }),
    );
    found.set(name, { size, sha256: hash.digest('hex') });
  }
  await done;
  if (!found.has(MANIFEST_ENTRY))
    throw new RestoreRefusedError('not a console backup: it has no manifest.json');
  const manifest = JSON.parse(await readFile(path.join(staging, MANIFEST_ENTRY), 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT)
    throw new RestoreRefusedError(`not a console backup of this format: ${String(manifest.format)}`);
  const problems: string[] = [];
  const listed = new Set<string>();
  for (const want of manifest.entries) {
    listed.add(want.path);
    const got = found.get(want.path);
    if (!got) problems.push(`missing: ${want.path}`);
    else if (got.sha256 !== want.sha256 || got.size !== want.size) problems.push(`changed: ${want.path}`);
  }
  for (const name of found.keys())
    if (name !== MANIFEST_ENTRY && !listed.has(name)) problems.push(`not in the manifest: ${name}`);
  if (!listed.has(DATABASE_ENTRY[manifest.database])) problems.push('the database is missing');
  if (problems.length > 0)
    throw new RestoreRefusedError(`the backup does not match its manifest: ${problems.join('; ')}`);
  return manifest;
}

/** Whether the PostgreSQL database holds any table of ours or drizzle's record. */
async function pgHoldsSomething(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
    );
    return (rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

async function pgEmpty(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('drop schema if exists drizzle cascade');
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
  } finally {
    await client.end();
  }
}

const holdsFiles = async (dir: string) => (await readdir(dir).catch(() => [])).length > 0;

async function holdsObjects(storage: ObjectStorage): Promise<boolean> {
  for (const prefix of SERVED_PREFIXES) if ((await storage.list(prefix)).length > 0) return true;
  return false;
}

/**
 * Restores `file` into the database (DATABASE_URL's, or the embedded one in DATA_DIR) and DATA_DIR. Refuses,
 * changing nothing, an archive that does not match its manifest, a backup of the other kind of database, and,
 * without `force`, a database or data folder that is not empty. The console must be stopped.
 */
export async function restoreBackup(options: {
  file: string;
  databaseUrl?: string;
  dataDir: string;
  /** With S3_BUCKET: the bucket the backup's `bucket/` entries go into (any bucket, empty unless `force`). */
  storage?: ObjectStorage;
  force?: boolean;
}): Promise<BackupManifest> {
  const { dataDir } = options;
  await mkdir(dataDir, { recursive: true });
  const staging = path.join(dataDir, `.restore-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    const manifest = await unpackVerified(options.file, staging);
    const kind = options.databaseUrl ? 'pg' : 'pglite';
    if (manifest.database !== kind)
      throw new RestoreRefusedError(
        manifest.database === 'pg'
          ? 'this backup is of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into'
          : 'this backup is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR',
      );
    const fromBucket = manifest.entries.some((entry) => entry.path.startsWith(`${BUCKET_ENTRY}/`));
    const bucket = options.storage?.kind === 's3' ? options.storage : undefined;
    if (fromBucket && !bucket)
      throw new RestoreRefusedError(
        `this backup holds the files of a bucket (${manifest.bucket}): set S3_BUCKET (and the bucket's ` +
          'variables) to the bucket to restore them into',
      );
    const occupied: string[] = [];
    if (fromBucket && bucket && (await holdsObjects(bucket))) occupied.push(`${bucket.location} has files`);
    if (options.databaseUrl ? await pgHoldsSomething(options.databaseUrl) : existsSync(pgliteDir(dataDir)))
      occupied.push(options.databaseUrl ? 'the database has tables' : `${pgliteDir(dataDir)} exists`);
    for (const folder of DATA_FOLDERS)
      if (await holdsFiles(path.join(dataDir, folder)))
        occupied.push(`${path.join(dataDir, folder)} has files`);
    if (occupied.length > 0 && !options.force)
      throw new RestoreRefusedError(
        `refusing to restore over what is there (${occupied.join('; ')}): restore into an empty database and ` +
          'DATA_DIR, or pass --force to replace them',
      );

    // The bucket's objects first, each read back and checked against its sha256 (storage-copy.ts).
    if (fromBucket && bucket) {
      const copied = await copyStorage(createLocalStorage(path.join(staging, BUCKET_ENTRY)), bucket);
      if (copied.failed.length > 0)
        throw new Error(
          `the bucket's files could not all be restored into ${bucket.location}: ` +
            copied.failed.map((failure) => `${failure.key}: ${failure.reason}`).join('; '),
        );
    }
    const database = path.join(staging, DATABASE_ENTRY[manifest.database]);
    if (options.databaseUrl) {
      if (options.force) await pgEmpty(options.databaseUrl);
      const { url, env } = toolConnection(options.databaseUrl);
      await runTool(
        pgTool('pg_restore'),
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--single-transaction',
          '--dbname',
          url,
          database,
        ],
        env,
      );
    } else {
      const dir = pgliteDir(dataDir);
      const partial = `${dir}.restore-${process.pid}`;
      await rm(partial, { recursive: true, force: true });
      extractTar(await readFile(database), partial);
      await rm(dir, { recursive: true, force: true });
      await rename(partial, dir);
    }
    for (const folder of DATA_FOLDERS) {
      const from = path.join(staging, 'files', folder);
      if (!existsSync(from)) continue;
      const to = path.join(dataDir, folder);
      await rm(to, { recursive: true, force: true });
      await rename(from, to);
    }
    // The database remembers the bucket its files are in (storage-guard.ts): now this one, which may be
    // another bucket or prefix than the backup's.
    if (fromBucket && bucket) {
      const handle = await openDb({ databaseUrl: options.databaseUrl, dataDir });
      try {
        await rememberLocation(handle.db, bucket);
      } finally {
        await handle.close();
      }
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
