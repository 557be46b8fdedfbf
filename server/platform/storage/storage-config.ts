import type { Config } from '../../config';
import { createLocalStorage } from './local-storage';
import type { ObjectStorage } from './object-storage';
import { createS3Storage, type S3Options } from './s3-storage';

type Env = Record<string, string | undefined>;

const on = (value: string | undefined) =>
  ['1', 'true', 'yes', 'on'].includes(value?.trim().toLowerCase() ?? '');

/**
 * S3_BUCKET set: object storage, with S3_PREFIX, S3_FORCE_PATH_STYLE and S3_PRESIGNED_DOWNLOADS; credentials,
 * region and endpoint come from the SDK's own variables and providers (AWS_REGION, AWS_ENDPOINT_URL_S3, …).
 * Unset: undefined, the local file system under DATA_DIR.
 */
export function s3OptionsFromEnv(env: Env): S3Options | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const prefix = (env.S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, '');
  return {
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    forcePathStyle: on(env.S3_FORCE_PATH_STYLE),
    presignedDownloads: on(env.S3_PRESIGNED_DOWNLOADS),
  };
}

/** The store of every file the console serves: the bucket when one is configured, else DATA_DIR. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): ObjectStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.dataDir);
}
