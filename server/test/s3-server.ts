// Issue 39: a real S3 API for the tests, s3rver (an S3-compatible server in Node, on its own temporary folder).
// s3rver 3.7 stores multipart uploads but answers neither AbortMultipartUpload nor ListMultipartUploads; the
// two are added here over its own upload folders (`<bucket>/._S3rver_uploads/<id>/`, the key in `key`), so
// that the console's aborts and sweeps run against the same server whose folders the tests then read.
import { mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Options } from '../platform/storage/s3-storage';

export interface TestS3 {
  bucket: string;
  /** Options for the console's S3 backend on this server, keys under `prefix`. */
  options(prefix?: string, overrides?: Partial<S3Options>): S3Options;
  /** The ids of the multipart uploads the server holds (neither completed nor aborted). */
  unfinishedUploads(): Promise<string[]>;
  /** Makes a multipart upload look begun `ms` ago (as ListMultipartUploads reports it). */
  backdate(uploadId: string, ms: number): Promise<void>;
  /** The requests the server answered, as `METHOD path?query` (uploads of parts among them). */
  requests: string[];
  close(): Promise<void>;
}

const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

type KoaContext = {
  method: string;
  path: string;
  querystring: string;
  query: Record<string, string | undefined>;
  status: number;
  type: string;
  body: unknown;
};

/** A test's own file in an upload's folder: the upload's begin time, for backdate(). */
const INITIATED = 'test-initiated';

const xml = (text: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${text}`;

export async function startTestS3(): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const bucket = 'console-test';
  const uploadsDir = path.join(directory, bucket, '._S3rver_uploads');
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
  const requests: string[] = [];
  const uploadIds = async () =>
    (await readdir(uploadsDir).catch(() => [] as string[])).filter((id) => !id.includes('.aborted-'));
  const gaps = async (ctx: KoaContext, next: () => Promise<void>) => {
    requests.push(`${ctx.method} ${ctx.path}${ctx.querystring ? `?${ctx.querystring}` : ''}`);
    const uploadId = ctx.query.uploadId;
    if (ctx.method === 'DELETE' && uploadId) {
      const folder = path.join(uploadsDir, path.basename(uploadId));
      // As S3 does: an upload already completed or aborted is NoSuchUpload. Renamed away first, so that of
      // two aborts at once only one finds it.
      const gone = `${folder}.aborted-${Math.random().toString(36).slice(2)}`;
      if (
        !(await rename(folder, gone).then(
          () => true,
          () => false,
        ))
      ) {
        ctx.status = 404;
        ctx.type = 'application/xml';
        ctx.body = xml(
          '<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>',
        );
        return;
      }
      await rm(gone, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method === 'GET' && 'uploads' in ctx.query && /^\/[^/]+\/?$/.test(ctx.path)) {
      const entries: string[] = [];
      for (const id of await uploadIds()) {
        const key = await readFile(path.join(uploadsDir, id, 'key'), 'utf8').catch(() => undefined);
        if (key === undefined || !key.startsWith(ctx.query.prefix ?? '')) continue;
        // The folder's creation, or the time backdate() wrote beside the key.
        const backdated = await readFile(path.join(uploadsDir, id, INITIATED), 'utf8').catch(() => undefined);
        const initiated = backdated ?? (await stat(path.join(uploadsDir, id))).birthtime.toISOString();
        entries.push(
          `<Upload><Key>${key}</Key><UploadId>${id}</UploadId><Initiated>${initiated}</Initiated></Upload>`,
        );
      }
      ctx.type = 'application/xml';
      ctx.body = xml(
        `<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${entries.join('')}</ListMultipartUploadsResult>`,
      );
      return;
    }
    await next();
  };
  server.middleware.unshift(gaps);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = { endpoint, region: 'us-east-1', credentials: CREDENTIALS };
  const admin = new S3Client({ ...client, forcePathStyle: true });
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  admin.destroy();
  return {
    bucket,
    options: (prefix = '', overrides = {}) => ({
      bucket,
      prefix,
      forcePathStyle: true,
      presignedDownloads: false,
      client,
      ...overrides,
    }),
    unfinishedUploads: uploadIds,
    async backdate(uploadId, ms) {
      const at = new Date(Date.now() - ms).toISOString();
      await writeFile(path.join(uploadsDir, path.basename(uploadId), INITIATED), at);
    },
    requests,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
