// Issue 39 item 5: an instance whose storage and database disagree refuses `ready` with the reason, instead of
// answering 404 for files that are elsewhere. The database remembers where its files are (the setting below:
// `local`, or the bucket's `s3://bucket/prefix/`); installations from before it were all local.
import { and, eq, isNotNull, ne, not, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { builds, logos } from '../db/schema';
import { getSetting, putSetting } from '../db/settings-repository';
import { type ObjectStorage, SERVED_PREFIXES } from './object-storage';

export const STORAGE_SETTING = 'storage_location';
export const LOCAL = 'local';

/** Where this storage keeps its files, as the setting names it. */
export const locationOf = (storage: ObjectStorage) => (storage.kind === 'local' ? LOCAL : storage.location);

/** Whether the database names any stored file: an artifact of a live build, or an uploaded logo image. */
async function listsFiles(db: Db): Promise<boolean> {
  const [build] = await db
    .select({ id: builds.id })
    .from(builds)
    .where(and(isNotNull(builds.sha256), eq(builds.is_removed, false)))
    .limit(1);
  if (build) return true;
  const [logo] = await db
    .select({ id: logos.id })
    .from(logos)
    .where(and(ne(logos.le_file, ''), not(sql`${logos.le_file} like 'builtin/%'`)))
    .limit(1);
  return logo !== undefined;
}

async function holdsFiles(storage: ObjectStorage): Promise<boolean> {
  for (const prefix of SERVED_PREFIXES) if ((await storage.list(prefix)).length > 0) return true;
  return false;
}

/**
 * Why this instance must not serve with this storage, or undefined when it may (and then the database
 * remembers the storage, if it did not yet).
 */
export async function storageDisagreement(db: Db, storage: ObjectStorage): Promise<string | undefined> {
  const stored = await getSetting(db, STORAGE_SETTING);
  const known = stored ?? LOCAL;
  const here = locationOf(storage);
  if (known !== here) {
    if (known !== LOCAL && here === LOCAL)
      return (
        `The database's files are on object storage (${known}) but this instance has no S3_BUCKET: set ` +
        'S3_BUCKET (and S3_PREFIX) as on the other instances, or copy the files back first with ' +
        '`npm run storage -- migrate --to-local`'
      );
    if (known !== LOCAL)
      return `The database's files are in ${known} but this instance is configured for ${here}: check S3_BUCKET and S3_PREFIX`;
    if (await listsFiles(db))
      return (
        `The database's files are in a local DATA_DIR but this instance is configured for ${here}: copy them ` +
        'first with `npm run storage -- migrate` (README, "Object storage")'
      );
  } else if (here === LOCAL && (await listsFiles(db)) && !(await holdsFiles(storage))) {
    return (
      `DATA_DIR (${storage.location}) holds none of the files the database lists: is it the right folder? ` +
      'Several instances need object storage (S3_BUCKET) or one shared DATA_DIR'
    );
  }
  if (stored !== here) await rememberLocation(db, storage);
  return undefined;
}

/** Tells the database its files are in this storage (a start that agrees, or a finished migration). */
export function rememberLocation(db: Db, storage: ObjectStorage): Promise<void> {
  return putSetting(db, STORAGE_SETTING, locationOf(storage));
}
