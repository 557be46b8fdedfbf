// Issue 39: with object storage the served files are in the bucket, and `npm run backup` left them out. A
// backup now holds the bucket's objects (`bucket/<key>`, each sha256 in the manifest), and `npm run restore`
// puts them into S3_BUCKET's bucket — an empty one, possibly another — once every entry matches its manifest.
// Against s3rver, on the database the tests run on (PGlite, or PostgreSQL with DATABASE_URL).
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, fromPool, openDb } from '../platform/db/client';
import { logos } from '../platform/db/schema';
import { createS3Storage } from '../platform/storage/s3-storage';
import { type AgentWorld, addAgent, createAgentWorld } from '../test/agent-fixtures';
import { finishWithArchive } from '../test/archive-build';
import { createTestApp, request } from '../test/helper';
import { startTestS3, type TestS3 } from '../test/s3-server';
import { logoUpload, PNG } from '../test/security-world';
import { createScratchDatabase, type ScratchDatabase } from '../test/test-database';
import { createBackup } from './backup-archive';
import { RestoreRefusedError, restoreBackup } from './restore-archive';

const serverUrl = process.env.DATABASE_URL;
const RESTORED_BUCKET = 'console-restored';
let s3: TestS3;
let w: AgentWorld;
let tmp: string;
let backup: string;
/** The databases restored into, each test's its own. */
const targets: ScratchDatabase[] = [];
let restores = 0;
let build: { uuid: string; bytes: Buffer; sha256: string };
let logoPublicId: string;

const urlOf = (handle: DbHandle) =>
  handle.kind === 'pg'
    ? (handle.client as pg.Pool & { options: { connectionString: string } }).options.connectionString
    : undefined;

interface Target {
  /** The empty database to restore into (PostgreSQL only; PGlite's is in the DATA_DIR). */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Another, empty bucket on the same server, the console's keys under another prefix: `restored/<n>/`. */
  s3: ReturnType<TestS3['options']>;
}

/** A fresh, empty database, DATA_DIR and bucket prefix to restore into: none holds another test's restore. */
async function freshTarget(): Promise<Target> {
  restores += 1;
  const dataDir = path.join(tmp, `restored-data-${restores}`);
  const s3Options = s3.options(`restored/${restores}/`, { bucket: RESTORED_BUCKET });
  if (!serverUrl) return { databaseUrl: undefined, dataDir, s3: s3Options };
  const database = await createScratchDatabase(serverUrl, 'restore_s3');
  targets.push(database);
  return { databaseUrl: database.url, dataDir, s3: s3Options };
}

/** `npm run backup` of the world's console, with its bucket, into `out`. */
const backUp = (out: string) =>
  createBackup({
    handle: w.t.handle,
    databaseUrl: urlOf(w.t.handle),
    dataDir: w.dataDir,
    storage: w.t.app.storage,
    out,
  });

beforeAll(async () => {
  s3 = await startTestS3();
  const admin = new S3Client({ ...s3.options().client, forcePathStyle: true });
  await admin.send(new CreateBucketCommand({ Bucket: RESTORED_BUCKET }));
  admin.destroy();
  w = await createAgentWorld({}, { s3: s3.options('console/') });
  tmp = await mkdtemp(path.join(tmpdir(), 'backup-s3-'));
  const agent = await addAgent(w, 'backup-s3-agent');
  const { job, bytes, sha256 } = await finishWithArchive(w, agent.token);
  build = { uuid: job.uuid, bytes, sha256 };
  const logo = await request(w.t.app, {
    method: 'POST',
    url: '/api/client/account/logo',
    ...logoUpload(w.partner.token),
  });
  expect(logo.statusCode, logo.body).toBe(201);
  const [row] = await w.t.db.select().from(logos).where(eq(logos.id, logo.json().id));
  logoPublicId = row.public_id;
  // The backup the restore tests read; the first test writes and reads one of its own.
  backup = path.join(tmp, 'console.tar');
  await backUp(backup);
}, 120_000);

afterAll(async () => {
  await w?.close();
  for (const target of targets) await target.drop();
  await s3?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('backups with object storage', () => {
  it("copies the bucket's objects into the backup, each with its sha256 in the manifest", async () => {
    const manifest = await backUp(path.join(tmp, 'written.tar'));
    expect(manifest.bucket).toBe(`s3://${s3.bucket}/console/`);
    expect(manifest.entries).toContainEqual({
      path: `bucket/artifacts/sha256/${build.sha256}.tar.gz`,
      size: build.bytes.length,
      sha256: build.sha256,
    });
    const pngSha = createHash('sha256').update(PNG).digest('hex');
    const logoEntries = manifest.entries.filter((entry) => entry.path.startsWith('bucket/logos/'));
    expect(logoEntries).toHaveLength(2);
    for (const entry of logoEntries) expect(entry).toMatchObject({ size: PNG.length, sha256: pngSha });
  });

  it('refuses to restore them without a bucket, and an altered archive, touching no bucket', async () => {
    const target = await freshTarget();
    const { databaseUrl, dataDir } = target;
    const withoutBucket = restoreBackup({ file: backup, databaseUrl, dataDir });
    await expect(withoutBucket).rejects.toBeInstanceOf(RestoreRefusedError);
    await expect(withoutBucket).rejects.toThrow(/holds the files of a bucket .*set S3_BUCKET/);
    const altered = path.join(tmp, 'altered.tar');
    const bytes = await readFile(backup);
    const at = bytes.indexOf(build.bytes);
    expect(at).toBeGreaterThan(0);
    bytes[at + 20] ^= 1;
    await writeFile(altered, bytes);
    const restored = restoreBackup({
      file: altered,
      databaseUrl,
      dataDir,
      storage: createS3Storage(target.s3),
    });
    await expect(restored).rejects.toThrow(/does not match its manifest: changed: bucket\/artifacts\//);
    expect(await createS3Storage(target.s3).list('')).toEqual([]);
  });

  it('restores them into another, empty bucket: the artifact and the logo download, sha256 intact', async () => {
    const target = await freshTarget();
    const { databaseUrl, dataDir } = target;
    await restoreBackup({ file: backup, databaseUrl, dataDir, storage: createS3Storage(target.s3) });
    const handle = databaseUrl
      ? fromPool(new pg.Pool({ connectionString: databaseUrl, max: 2 }))
      : await openDb({ dataDir });
    const restored = await createTestApp({ db: handle, config: { dataDir, s3: target.s3 } });
    try {
      // The database now names the bucket it was restored into: the instance is ready.
      expect(restored.app.storageRefusal).toBeUndefined();
      expect((await restored.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
      const download = await restored.app.inject({ url: `/api/files/firmwares/${build.uuid}` });
      expect(download.statusCode).toBe(200);
      expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(build.sha256);
      const logo = await restored.app.inject({ url: `/api/logos/${logoPublicId}/le` });
      expect(logo.statusCode).toBe(200);
      expect(logo.rawPayload.equals(PNG)).toBe(true);
    } finally {
      await restored.close();
      await handle.close();
    }
    // Into a bucket that holds files only with --force.
    const again = restoreBackup({
      file: backup,
      databaseUrl,
      dataDir: path.join(tmp, 'another-data'),
      storage: createS3Storage(target.s3),
    });
    await expect(again).rejects.toThrow(
      /refusing to restore over what is there \(s3:\/\/console-restored\/restored\/\d+\/ has files/,
    );
  }, 120_000);
});
