import { buildApp } from './app';
import { ownAddress, startEmbeddedAgent } from './builds/embedded-agent';
import { loadConfig } from './config';
import { openDb } from './db/client';
import { withMigratedDb } from './db/migrate';
import { seed } from './db/seed';
import { withoutToken } from './routes/client/ws';
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
    logger: {
      level: process.env.LOG_LEVEL ?? 'info',
      // The live socket carries the access token in its query (browsers cannot set its headers).
      serializers: {
        req: (req) => ({ method: req.method, url: withoutToken(req.url), remoteAddress: req.ip }),
      },
    },
  });
  await app.listen({ port: config.port, host: config.host });
  // Build agents (issue 5): `npm start` alone builds, with one agent in this process.
  const agent = config.embeddedAgent
    ? await startEmbeddedAgent(app.db, {
        server: ownAddress(config.host, config.port),
        dataDir: config.dataDir,
        log: app.log.child({ agent: 'embedded' }),
      })
    : undefined;

  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  console.log(formatStartupReport(`http://${shownHost}:${config.port}`, seeded).join('\n'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await agent?.stop();
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
