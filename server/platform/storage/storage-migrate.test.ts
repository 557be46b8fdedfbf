// Issue 39 items 4 and 5: moving an installation's files from DATA_DIR to the bucket (checked, resumable), and
// the instances that refuse `ready` while their storage and the database disagree.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobName } from '../../builds/artifacts/artifact-store';
import type { Config } from '../../config';
import { type AgentWorld, addAgent, createAgentWorld } from '../../test/agent-fixtures';
import { finishWithArchive } from '../../test/archive-build';
import { createTestApp, request, type TestApp } from '../../test/helper';
import { startTestS3, type TestS3 } from '../../test/s3-server';
import { logoUpload } from '../../test/security-world';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import { copyStorage } from './storage-copy';
import { rememberLocation } from './storage-guard';

let s3: TestS3;
let w: AgentWorld;
let emptyDir: string;
const opened: TestApp[] = [];
let built: { uuid: string; sha256: string; bytes: Buffer };
let logoUrl: string;

beforeAll(async () => {
  s3 = await startTestS3();
  w = await createAgentWorld();
  emptyDir = await mkdtemp(path.join(tmpdir(), 'empty-data-'));
  const agent = await addAgent(w, 'migrating-agent');
  const { job, bytes, sha256 } = await finishWithArchive(w, agent.token);
  built = { uuid: job.uuid, sha256, bytes };
  const logo = await request(w.t.app, {
    method: 'POST',
    url: '/api/client/account/logo',
    ...logoUpload(w.partner.token),
  });
  expect(logo.statusCode, logo.body).toBe(201);
  logoUrl = logo.json().le;
}, 60_000);

afterAll(async () => {
  for (const app of opened) await app.close();
  await w?.close();
  await s3?.close();
  await rm(emptyDir, { recursive: true, force: true });
});

/** Another instance on the world's database. */
async function instance(config: Partial<Config>): Promise<TestApp> {
  const t = await createTestApp({ db: w.t.handle, config });
  opened.push(t);
  return t;
}

/**
 * Whether an instance on `config` would be ready, closed again at once: on PostgreSQL every instance holds
 * connections of the world's pool (its LISTEN among them), and a sixth open one waited for a free connection
 * past the plugin timeout ('signing' did not start in time).
 */
async function readyOf(config: Partial<Config>) {
  const t = await createTestApp({ db: w.t.handle, config });
  try {
    return await ready(t);
  } finally {
    await t.close();
  }
}

async function ready(t: TestApp) {
  const res = await request(t.app, { url: '/api/health/ready' });
  return { status: res.statusCode, detail: res.json().detail as string | undefined };
}

// One operator's migration, step by step: before it, the copy, and after it. Each step starts where the one
// before it left the world, so `--sequence.shuffle` leaves their order alone.
describe('storage migration and the safeguard', { shuffle: false }, () => {
  it('refuses ready on an empty DATA_DIR, and on a bucket before the migration', async () => {
    expect(await ready(w.t)).toEqual({ status: 200, detail: undefined });
    expect(await readyOf({ dataDir: emptyDir })).toMatchObject({
      status: 503,
      detail: expect.stringMatching(/^DATA_DIR \(.*\) holds none of the files the database lists/),
    });
    expect(await readyOf({ dataDir: emptyDir, s3: s3.options('moved/') })).toMatchObject({
      status: 503,
      detail: expect.stringContaining('copy them first with `npm run storage -- migrate`'),
    });
  });

  it('copies every file checking its sha256, resumes, and then the bucket serves and DATA_DIR is refused', async () => {
    const local = createLocalStorage(w.dataDir);
    const bucket = createS3Storage(s3.options('moved/'));
    // A content-addressed file whose bytes are not its name's: refused, not copied.
    const forged = blobName('0'.repeat(64));
    await writeFile(path.join(w.dataDir, forged), 'not that content');
    const first = await copyStorage(local, bucket);
    expect(first.failed).toEqual([
      { key: forged, reason: expect.stringContaining("the source's sha256 is") },
    ]);
    expect(await bucket.stat(forged)).toBeUndefined();
    expect(first.copied).toEqual(expect.arrayContaining([blobName(built.sha256)]));
    expect(first.copied.filter((key) => key.startsWith('logos/'))).toHaveLength(2);
    await rm(path.join(w.dataDir, forged));
    // Run again: nothing left to copy, everything checked.
    const again = await copyStorage(local, bucket);
    expect(again).toEqual({ copied: [], present: first.copied, failed: [] });
    await rememberLocation(w.t.db, bucket);

    const onBucket = await instance({ dataDir: emptyDir, s3: s3.options('moved/') });
    expect(await ready(onBucket)).toEqual({ status: 200, detail: undefined });
    const file = await request(onBucket.app, { url: `/api/files/firmwares/${built.uuid}` });
    expect(file.rawPayload.equals(built.bytes)).toBe(true);
    expect((await request(onBucket.app, { url: logoUrl })).statusCode).toBe(200);
    expect(await readyOf({ dataDir: w.dataDir })).toMatchObject({
      status: 503,
      detail: expect.stringContaining(
        "The database's files are on object storage (s3://console-test/moved/)",
      ),
    });
    expect(await readyOf({ dataDir: emptyDir, s3: s3.options('elsewhere/') })).toMatchObject({
      status: 503,
      detail: expect.stringContaining('this instance is configured for s3://console-test/elsewhere/'),
    });

    // The rollback: back into a DATA_DIR, which then serves.
    const back = await copyStorage(bucket, createLocalStorage(emptyDir));
    expect(back.failed).toEqual([]);
    await rememberLocation(w.t.db, createLocalStorage(emptyDir));
    expect((await readdir(path.join(emptyDir, 'logos'))).length).toBe(2);
    const local2 = await instance({ dataDir: emptyDir });
    expect(await ready(local2)).toEqual({ status: 200, detail: undefined });
    expect((await request(local2.app, { url: `/api/files/firmwares/${built.uuid}` })).statusCode).toBe(200);
  }, 60_000);
});
