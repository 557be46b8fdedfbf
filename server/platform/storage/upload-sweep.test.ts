// Issue 39: the sweep of uploads a crash or a kill left unfinished runs every UPLOAD_SWEEP_SECONDS, not only at
// start: an instance that runs for weeks still aborts the multipart uploads (and deletes the `.part` files) its
// killed peers left, once they are older than the safe age, and leaves an upload in progress alone.
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateMultipartUploadCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { startTestS3, type TestS3 } from '../../test/s3-server';
import { createS3Storage } from './s3-storage';

const EVERY_MS = 300;
const HOUR = 60 * 60_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the periodic sweep on object storage', () => {
  let s3: TestS3;
  let t: TestApp;
  let client: S3Client;
  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp({ config: { s3: s3.options('console/'), uploadSweep: { everyMs: EVERY_MS } } });
    client = new S3Client({ ...s3.options().client, forcePathStyle: true });
  }, 60_000);
  afterAll(async () => {
    client?.destroy();
    await t?.close();
    await s3?.close();
  });

  const begin = async (Key: string) => {
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key }));
    return String(UploadId);
  };

  it('aborts an upload a killed instance left 13 hours ago, and not one in progress', async () => {
    // Both begin long after the start's sweep.
    await pause(2 * EVERY_MS);
    const abandoned = await begin('console/artifacts/sha256/abandoned.tar.gz');
    await s3.backdate(abandoned, 13 * HOUR);
    const young = await begin('console/artifacts/sha256/young.tar.gz');
    await client.send(
      new UploadPartCommand({
        Bucket: s3.bucket,
        Key: 'console/artifacts/sha256/young.tar.gz',
        UploadId: young,
        PartNumber: 1,
        Body: Buffer.alloc(1024, 1),
      }),
    );
    // Someone else's upload in the same bucket, outside the console's folders, old as it is.
    const foreign = await begin('backups/db.dump');
    await s3.backdate(foreign, 13 * HOUR);
    await expect.poll(() => s3.unfinishedUploads(), { timeout: 10_000 }).not.toContain(abandoned);
    // Several more runs: the young one and the foreign one stay.
    await pause(4 * EVERY_MS);
    expect((await s3.unfinishedUploads()).sort()).toEqual([foreign, young].sort());
  });

  it('is idempotent: an upload another instance aborted meanwhile is no error', async () => {
    // Two instances' stores on a prefix of their own (out of the app's way; no start sweep of theirs runs).
    const [one, two] = [createS3Storage(s3.options('other/')), createS3Storage(s3.options('other/'))];
    const id = await begin('other/logos/left.png');
    await s3.backdate(id, 13 * HOUR);
    // Both sweep at once: one aborts it, the other finds it gone (S3's NoSuchUpload) and carries on.
    const counts = await Promise.all([one.sweepUnfinished(), two.sweepUnfinished()]);
    expect(counts[0] + counts[1]).toBe(1);
    expect(await s3.unfinishedUploads()).not.toContain(id);
    expect(await two.sweepUnfinished()).toBe(0);
  });
});

describe('the periodic sweep on the local file system', () => {
  let dataDir: string;
  let t: TestApp;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'upload-sweep-'));
    t = await createTestApp({ config: { dataDir, uploadSweep: { everyMs: EVERY_MS } } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('deletes a .part file untouched for an hour, and not one being written', async () => {
    await pause(2 * EVERY_MS);
    const folder = path.join(dataDir, 'artifacts/sha256');
    await mkdir(folder, { recursive: true });
    const old = path.join(folder, `${'a'.repeat(64)}.tar.gz.0123456789ab.part`);
    const fresh = path.join(folder, `${'b'.repeat(64)}.tar.gz.ba9876543210.part`);
    await writeFile(old, 'left by a killed instance');
    const hourAgo = new Date(Date.now() - HOUR);
    await utimes(old, hourAgo, hourAgo);
    await writeFile(fresh, 'arriving');
    await expect
      .poll(
        () =>
          stat(old).then(
            () => true,
            () => false,
          ),
        { timeout: 10_000 },
      )
      .toBe(false);
    await pause(4 * EVERY_MS);
    expect((await stat(fresh)).isFile()).toBe(true);
  });
});
