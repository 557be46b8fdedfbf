// `npm run restore -- FILE [--force]`: checks every entry of a backup against its manifest, then restores the
// database (into DATABASE_URL's database, or the embedded one in DATA_DIR), DATA_DIR's files and, for a backup
// made with S3_BUCKET, the bucket's files into S3_BUCKET's bucket
// (server/backup/restore-archive.ts; README, "Backups"). Refuses a database or data folders that are not empty
// unless --force. The console must be stopped; start it afterwards (the same version or newer).
import { parseArgs } from 'node:util';
import { restoreBackup } from '../server/backup/restore-archive';
import { loadConfig } from '../server/config';
import { createS3Storage } from '../server/platform/storage/s3-storage';

const USAGE = 'usage: npm run restore -- BACKUP.tar [--force]';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean' } },
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new Error(USAGE);
  const config = loadConfig();
  const manifest = await restoreBackup({
    file,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    // A backup of a bucket's files goes into S3_BUCKET's bucket: the same, or another one.
    storage: config.s3 ? createS3Storage(config.s3) : undefined,
    force: values.force === true,
  });
  console.log(
    `Restored the backup of ${manifest.created_at} (schema ${manifest.schema}): the database and ` +
      `${manifest.entries.length - 1} file(s), every sha256 checked. Start the console.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
