// `npm run storage -- migrate`: copies every file the console serves (artifacts, logo images) from DATA_DIR
// to the bucket S3_BUCKET names, checking each by sha256, then tells the database its files are there (issue
// 39; README, "Object storage"). Safe while the console serves: it only reads DATA_DIR, and a file written
// meanwhile is copied by the next run, which leaves files already copied alone. `migrate --to-local` is the
// rollback: the bucket's files back into DATA_DIR, and the database told they are local again.
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { openDb } from './platform/db/client';
import { withMigratedDb } from './platform/db/migrate';
import { createLocalStorage } from './platform/storage/local-storage';
import { createS3Storage } from './platform/storage/s3-storage';
import { copyStorage } from './platform/storage/storage-copy';
import { rememberLocation } from './platform/storage/storage-guard';

const USAGE = 'usage: npm run storage -- migrate [--to-local]   (with S3_BUCKET and DATA_DIR set)';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { 'to-local': { type: 'boolean' } },
    allowPositionals: true,
  });
  if (positionals.join(' ') !== 'migrate') throw new Error(USAGE);
  const config = loadConfig();
  if (!config.s3) throw new Error(`S3_BUCKET is not set: nothing to migrate to or from\n${USAGE}`);
  const local = createLocalStorage(config.dataDir);
  const bucket = createS3Storage(config.s3);
  const [from, to] = values['to-local'] ? [bucket, local] : [local, bucket];
  console.log(`Copying from ${from.location} to ${to.location}`);
  const report = await copyStorage(from, to, (line) => console.log(line));
  console.log(
    `${report.copied.length} copied, ${report.present.length} already there, ${report.failed.length} failed`,
  );
  if (report.failed.length > 0) {
    console.error('Not finished: run it again once the failures above are fixed.');
    process.exitCode = 1;
    return;
  }
  const handle = await openDb(config);
  try {
    await withMigratedDb(handle, (db) => rememberLocation(db, to));
  } finally {
    await handle.close();
  }
  console.log(
    values['to-local']
      ? 'The database now expects local files: unset S3_BUCKET on every instance and restart them.'
      : 'The database now expects the bucket: set S3_BUCKET on every instance and restart them, then run ' +
          'this again to copy what they wrote in between.',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
