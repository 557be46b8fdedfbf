import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { checkedKey } from './object-key';
import { type ObjectStorage, SERVED_PREFIXES, type StoredObject } from './object-storage';

export interface S3Options {
  bucket: string;
  /** S3_PREFIX: the folder of the bucket the console's keys go under ('' or ending in `/`). */
  prefix: string;
  /** S3_FORCE_PATH_STYLE=1: `endpoint/bucket/key` URLs, as MinIO and most S3-compatible services want. */
  forcePathStyle: boolean;
  /** S3_PRESIGNED_DOWNLOADS=1: downloads redirect to a short-lived presigned URL instead of passing through. */
  presignedDownloads: boolean;
  /** Anything else for the client; unset fields come from the SDK's own providers (AWS_REGION, …). */
  client?: S3ClientConfig;
}

/** How long a presigned download URL works: long enough to start, short enough not to be shared around. */
export const PRESIGNED_TTL_SECONDS = 300;
/** Parts of a multipart upload; at most QUEUE parts are held in memory at once. */
const PART_BYTES = 8 * 1024 * 1024;
const QUEUE = 2;
/** An unfinished multipart upload older than this was left by a crash or a kill (its uploads take less). */
const UNFINISHED_GRACE_MS = 12 * 60 * 60_000;

const missing = (error: unknown) => {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const name = (error as Error).name;
  return status === 404 || name === 'NoSuchKey' || name === 'NotFound' || name === 'NoSuchUpload';
};

/** Objects in one bucket, under S3_PREFIX; uploads go through multipart uploads as their bytes arrive. */
export function createS3Storage(options: S3Options): ObjectStorage {
  const client = new S3Client({ forcePathStyle: options.forcePathStyle, ...options.client });
  const Bucket = options.bucket;
  const keyOf = (key: string) => `${options.prefix}${checkedKey(key)}`;
  const ownKey = (key: string) => key.slice(options.prefix.length);
  const statOf = async (key: string): Promise<StoredObject | undefined> => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
      return { key, size: head.ContentLength ?? 0, modifiedMs: head.LastModified?.getTime() ?? 0 };
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  };
  const read = async (key: string, range?: { start: number; end: number }) => {
    const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
    const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key), Range }));
    return answer.Body as Readable;
  };
  return {
    kind: 's3',
    location: `s3://${Bucket}/${options.prefix}`,
    stat: statOf,
    read,
    async readAll(key) {
      try {
        const body = await read(key);
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async write(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes }));
    },
    async receive(key, body) {
      // Completed only when the body ends without error: a cut or refused upload is aborted (lib-storage).
      const upload = new Upload({
        client,
        params: { Bucket, Key: keyOf(key), Body: body },
        partSize: PART_BYTES,
        queueSize: QUEUE,
        leavePartsOnError: false,
      });
      await upload.done();
      // Stored under its content's key: a discarded one is left to the orphan sweep, as another build may
      // name the same content (artifacts/reuse.ts).
      return { commit: async () => undefined, discard: async () => undefined };
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async list(prefix) {
      const found: StoredObject[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: keyOf(prefix), ContinuationToken }),
        );
        for (const item of page.Contents ?? []) {
          if (!item.Key) continue;
          found.push({
            key: ownKey(item.Key),
            size: item.Size ?? 0,
            modifiedMs: item.LastModified?.getTime() ?? 0,
          });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found;
    },
    async downloadUrl(key, fileName) {
      if (!options.presignedDownloads) return undefined;
      const command = new GetObjectCommand({
        Bucket,
        Key: keyOf(key),
        ResponseContentDisposition: `attachment; filename="${fileName}"`,
        ResponseCacheControl: 'no-store',
      });
      return getSignedUrl(client, command, { expiresIn: PRESIGNED_TTL_SECONDS });
    },
    async sweepUnfinished(graceMs = UNFINISHED_GRACE_MS) {
      const before = Date.now() - graceMs;
      let swept = 0;
      // Only the console's own folders: a bucket (or a prefix) may hold other uploads of other programs.
      for (const folder of SERVED_PREFIXES) {
        let KeyMarker: string | undefined;
        let UploadIdMarker: string | undefined;
        do {
          const page = await client.send(
            new ListMultipartUploadsCommand({ Bucket, Prefix: keyOf(folder), KeyMarker, UploadIdMarker }),
          );
          for (const upload of page.Uploads ?? []) {
            if (!upload.Key || !upload.UploadId || (upload.Initiated?.getTime() ?? 0) >= before) continue;
            try {
              await client.send(
                new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }),
              );
              swept++;
            } catch (error) {
              // Another instance's sweep (or the upload's own end) got there first.
              if (!missing(error)) throw error;
            }
          }
          KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
          UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
        } while (KeyMarker);
      }
      return swept;
    },
  };
}
