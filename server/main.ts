import { buildApp } from './app';
import { loadConfig } from './config';
import { openDb } from './db/client';
import { withMigratedDb } from './db/migrate';
import { seed } from './db/seed';
import { formatStartupReport } from './startup-report';

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openDb(config);
  const seeded = await withMigratedDb(handle, (db) => seed(db, config));
  const app = await buildApp({
    config,
    db: handle,
    // SPA_DIR lets a test serve a build of its own; the default is dist/ at the project root.
    spaDir: process.env.SPA_DIR || undefined,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
  });
  await app.listen({ port: config.port, host: config.host });

  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  console.log(formatStartupReport(`http://${shownHost}:${config.port}`, seeded).join('\n'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await handle.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
