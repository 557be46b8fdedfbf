// `npm run backup -- [--out FILE]`: the database (pg_dump for DATABASE_URL, the embedded PGlite's data
// directory otherwise), DATA_DIR's artifacts, logos and repositories and, with S3_BUCKET, the bucket's artifacts
// and logos in one tar archive with a manifest of sha256s (server/backup/backup-archive.ts; README, "Backups"). With the embedded database, stop the console
// first: PGlite's files are one process's. The archive holds the private signing key unless SIGNING_KEY or
// SIGNING_KEY_FILE keeps it apart: store it as a secret.
import { parseArgs } from 'node:util';
import { createBackup } from '../server/backup/backup-archive';
import { loadConfig } from '../server/config';
import { openDb } from '../server/platform/db/client';
import { createS3Storage } from '../server/platform/storage/s3-storage';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  const out = values.out ?? `console-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar`;
  const handle = await openDb(config);
  try {
    const manifest = await createBackup({
      handle,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      // With S3_BUCKET, the bucket's artifacts and logo images too (issue 39).
      storage: config.s3 ? createS3Storage(config.s3) : undefined,
      out,
    });
    const bytes = manifest.entries.reduce((sum, entry) => sum + entry.size, 0);
    // What a reader of the archive gets (README, "Backups").
    const named: Record<string, string> = {
      signing_key: 'the private signing key',
      jwt_secret: 'the JWT secret',
      embedded_agent_token: "the embedded agent's token",
    };
    const secrets = [...manifest.secrets.map((key) => named[key] ?? key), "repository URLs' tokens"];
    console.log(
      `Backup written to ${out}: the ${manifest.database === 'pg' ? 'PostgreSQL' : 'embedded'} database ` +
        `(schema ${manifest.schema}) and ${manifest.entries.length - 1} file(s)` +
        `${manifest.bucket ? ` (the files of ${manifest.bucket} among them)` : ''}, ${bytes} bytes, each with its ` +
        `sha256 in manifest.json. It holds ${secrets.join(', ')}: keep it as a secret.`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
