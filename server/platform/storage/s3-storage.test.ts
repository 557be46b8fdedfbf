// Issue 39 against a real S3 API (s3rver, server/test/s3-server.ts): two instances with separate DATA_DIRs on
// one database and one bucket serve every artifact, attestation and logo, and build with logos whichever
// instance the agent talks to; uploads go into multipart uploads as they arrive and a cut one is aborted;
// downloads resume by range or redirect to a presigned URL; the last build's removal deletes its object.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateMultipartUploadCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobName } from '../../builds/artifacts/artifact-store';
import {
  type AgentWorld,
  addAgent,
  agentCall,
  claimJob,
  createAgentWorld,
  queueBuild,
} from '../../test/agent-fixtures';
import { api, buildBody, createSet, submit } from '../../test/build-fixtures';
import { createTestApp, request, type TestApp } from '../../test/helper';
import { startTestS3, type TestS3 } from '../../test/s3-server';
import { logoUpload } from '../../test/security-world';
import { logos } from '../db/schema';

let s3: TestS3;
let w: AgentWorld;
let b: TestApp;
let presigning: TestApp;
let dataDirB: string;
let agent: { id: number; token: string };
/** The same world, its calls made through instance B. */
let onB: AgentWorld;

beforeAll(async () => {
  s3 = await startTestS3();
  w = await createAgentWorld({}, { s3: s3.options('console/') });
  dataDirB = await mkdtemp(path.join(tmpdir(), 'instance-b-'));
  b = await createTestApp({ db: w.t.handle, config: { dataDir: dataDirB, s3: s3.options('console/') } });
  presigning = await createTestApp({
    db: w.t.handle,
    config: { dataDir: dataDirB, s3: s3.options('console/', { presignedDownloads: true }) },
  });
  onB = { ...w, t: { ...w.t, app: b.app } };
  agent = await addAgent(w, 'storage-agent');
}, 60_000);

afterAll(async () => {
  await presigning?.close();
  await b?.close();
  await w?.close();
  await s3?.close();
  await rm(dataDirB, { recursive: true, force: true });
});

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function upload(world: AgentWorld, jobId: number, bytes: Buffer) {
  return agentCall(world, agent.token, 'PUT', `/jobs/${jobId}/artifact`, bytes as never, {
    'content-type': 'application/octet-stream',
    'x-sha256': sha256Of(bytes),
  });
}

async function finish(world: AgentWorld, jobId: number, bytes: Buffer) {
  const res = await agentCall(world, agent.token, 'POST', `/jobs/${jobId}/finish`, {
    status: 'done',
    sha256: sha256Of(bytes),
    size: bytes.length,
  });
  expect(res.json(), res.body).toEqual({ status: 'done' });
}

/** A local folder's files, recursively: what an instance left on its own disk. */
const filesIn = async (dir: string) =>
  (await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((entry) =>
    entry.isFile(),
  );

describe('two instances, separate DATA_DIRs, one database and one bucket', () => {
  it('serve every artifact, attestation and logo, and build with a logo uploaded through the other', async () => {
    const logo = await request(w.t.app, {
      method: 'POST',
      url: '/api/client/account/logo',
      ...logoUpload(w.partner.token),
    });
    expect(logo.statusCode, logo.body).toBe(201);
    const set = await createSet(w, w.partner.token, 'logo-set-b', { logo_id: logo.json().id });
    const build = await submit(w, w.partner.token, buildBody(w, set.id));
    // The agent talks to B only: the logo uploaded through A, the artifact through B.
    const job = await claimJob(onB, agent.token);
    expect(job.id).toBe(build.id);
    for (const variant of ['le', 'de']) {
      const image = await agentCall(onB, agent.token, 'GET', `/jobs/${job.id}/logo/${variant}`);
      expect(image.statusCode, image.body).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
    }
    const bytes = randomBytes(64 * 1024);
    expect((await upload(onB, job.id, bytes)).statusCode).toBe(200);
    await finish(onB, job.id, bytes);
    for (const app of [w.t.app, b.app]) {
      const file = await request(app, { url: `/api/files/firmwares/${build.uuid}` });
      expect(file.statusCode, file.body).toBe(200);
      expect(file.rawPayload.equals(bytes)).toBe(true);
      const attestation = await request(app, { url: `/api/files/firmwares/${build.uuid}/attestation` });
      expect(attestation.statusCode, attestation.body).toBe(200);
      const [row] = await w.t.db.select().from(logos).where(eq(logos.id, logo.json().id));
      const image = await request(app, { url: `/api/logos/${row.public_id}/de` });
      expect(image.statusCode, image.body).toBe(200);
    }
    // Nothing of it on either instance's own disk.
    expect(await filesIn(path.join(w.dataDir, 'artifacts'))).toEqual([]);
    expect(await filesIn(path.join(w.dataDir, 'logos'))).toEqual([]);
    expect(await filesIn(dataDirB)).toEqual([]);
  });
});

describe('object storage', () => {
  /** A done build whose artifact is `bytes`, uploaded through A. */
  async function doneBuild(bytes: Buffer) {
    const build = await queueBuild(w);
    const job = await claimJob(w, agent.token);
    expect(job.id).toBe(build.id);
    const res = await upload(w, job.id, bytes);
    expect(res.statusCode, res.body).toBe(200);
    await finish(w, job.id, bytes);
    return build;
  }

  it('uploads a large artifact as a multipart upload and resumes its download by range', async () => {
    s3.requests.length = 0;
    const bytes = randomBytes(17 * 1024 * 1024);
    const build = await doneBuild(bytes);
    // 8 MiB parts: three of them, and the upload completed.
    expect(s3.requests.filter((line) => /^PUT .*partNumber=/.test(line))).toHaveLength(3);
    expect(await s3.unfinishedUploads()).toEqual([]);
    const part = await request(b.app, {
      url: `/api/files/firmwares/${build.uuid}`,
      headers: { range: 'bytes=1000-1999' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(1000, 2000))).toBe(true);
    const tail = await request(b.app, {
      url: `/api/files/firmwares/${build.uuid}`,
      headers: { range: 'bytes=-10' },
    });
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);
    const beyond = await request(b.app, {
      url: `/api/files/firmwares/${build.uuid}`,
      headers: { range: `bytes=${bytes.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);
  }, 60_000);

  it('redirects to a short-lived presigned URL with S3_PRESIGNED_DOWNLOADS', async () => {
    const bytes = randomBytes(2048);
    const build = await doneBuild(bytes);
    const res = await request(presigning.app, { url: `/api/files/firmwares/${build.uuid}` });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(location.searchParams.get('X-Amz-Expires')).toBe('300');
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);
    expect(fetched.headers.get('content-disposition')).toMatch(/^attachment; filename=".*\.tar\.gz"$/);
  });

  it("deletes an object with its last build's full clean, and keeps it while another build names it", async () => {
    const bytes = randomBytes(4096);
    const first = await doneBuild(bytes);
    const second = await doneBuild(bytes);
    const key = blobName(sha256Of(bytes));
    expect(await w.t.app.storage.stat(key)).toBeDefined();
    const remove = (id: number) =>
      api(w, 'DELETE', `/client/firmware/firmwares/${id}?full_clean=true`, w.partner.token);
    expect((await remove(first.id)).statusCode).toBe(204);
    expect(await w.t.app.storage.stat(key)).toBeDefined();
    expect((await remove(second.id)).statusCode).toBe(204);
    expect(await w.t.app.storage.stat(key)).toBeUndefined();
  });

  it('aborts the multipart upload of an upload cut off mid-way, leaving nothing in the bucket', async () => {
    const build = await queueBuild(w);
    const job = await claimJob(w, agent.token);
    expect(job.id).toBe(build.id);
    const address = await b.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const bytes = randomBytes(20 * 1024 * 1024);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `PUT /api/agent/jobs/${job.id}/artifact HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${agent.token}\r\n` +
        `Content-Type: application/octet-stream\r\nX-Sha256: ${sha256Of(bytes)}\r\nContent-Length: ${bytes.length}\r\n\r\n`,
    );
    // More than a part's worth, so that the multipart upload has begun; then the agent's process dies.
    socket.write(bytes.subarray(0, 12 * 1024 * 1024));
    await expect.poll(() => s3.unfinishedUploads(), { timeout: 20_000 }).toHaveLength(1);
    socket.destroy();
    await expect.poll(() => s3.unfinishedUploads(), { timeout: 20_000 }).toEqual([]);
    expect(await w.t.app.storage.stat(blobName(sha256Of(bytes)))).toBeUndefined();
    // The agent's retry, through the other instance, succeeds.
    expect((await upload(w, job.id, bytes)).statusCode).toBe(200);
    await finish(w, job.id, bytes);
    expect(await w.t.app.storage.stat(blobName(sha256Of(bytes)))).toMatchObject({ size: bytes.length });
  }, 60_000);

  it('aborts multipart uploads a crash left behind, once they are old', async () => {
    const client = new S3Client({ ...s3.options().client, forcePathStyle: true });
    await client.send(
      new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key: 'console/artifacts/sha256/x' }),
    );
    client.destroy();
    expect(await s3.unfinishedUploads()).toHaveLength(1);
    expect(await w.t.app.storage.sweepUnfinished()).toBe(0);
    expect(await w.t.app.storage.sweepUnfinished(0)).toBe(1);
    expect(await s3.unfinishedUploads()).toEqual([]);
  });
});
