import { ownAddress, startEmbeddedAgent } from './agents/embedded-agent';
import { buildApp } from './app';
import { serverSecrets } from './builds/logs/log-secrets';
import type { Config } from './config';
import { loggerOptions } from './logger-options';
import { openDb } from './platform/db/client';
import { withMigratedDb } from './platform/db/migrate';
import type { PgliteStart } from './platform/db/pglite-files';
import { startPgliteMaintenance } from './platform/db/pglite-maintenance';
import { waitForDatabase } from './platform/db/wait-for-database';
import { assertPortFree } from './platform/http/port-check';
import { type SeedOptions, seed } from './seed';
import { formatStartupReport } from './startup-report';

/** What the process entry (main.ts) began before this module loaded. */
export interface EarlyStart {
  pglite?: PgliteStart;
  /** The demo's git repositories being built on a fresh DATA_DIR. */
  repositories: Promise<void>;
  /** The first accounts' passwords being hashed, on a fresh embedded database. */
  started?: SeedOptions['started'];
}

/** Opens, migrates and seeds the database, serves the console, starts the embedded agent, and stops cleanly. */
export async function start(config: Config, early: EarlyStart): Promise<void> {
  // Milliseconds since the process started at the end of each step, logged once listening.
  const steps: Record<string, number> = { modules: performance.now() };
  const step = (name: string) => {
    steps[name] = Math.round(performance.now());
  };
  steps.modules = Math.round(steps.modules);
  // A port in use refuses the start before the database is touched (issue 43 §2.5).
  await assertPortFree(config.host, config.port);
  const handle = await openDb({ ...config, pglite: early.pglite });
  // A PostgreSQL not up yet is waited for, up to DATABASE_CONNECT_TIMEOUT.
  if (config.databaseUrl)
    await waitForDatabase(handle, {
      databaseUrl: config.databaseUrl,
      timeoutMs: config.databaseConnectTimeoutMs ?? 60_000,
      log: (message) => console.warn(`${new Date().toISOString()} WARN ${message}`),
    }).catch(async (error: unknown) => {
      await handle.close().catch(() => undefined);
      throw error;
    });
  step('database');
  await early.repositories;
  step('repositories');
  const seeded = await withMigratedDb(handle, (db) => seed(db, { ...config, started: early.started }));
  step('seed');
  const app = await buildApp({
    config,
    db: handle,
    // SPA_DIR lets a test serve a build of its own; the default is dist/ at the project root.
    spaDir: process.env.SPA_DIR || undefined,
    logger: loggerOptions(process.env.LOG_LEVEL ?? 'info'),
  });
  step('app');
  await app.listen({ port: config.port, host: config.host });
  step('listening');
  app.log.info({ steps }, 'started (milliseconds since the process began, at the end of each step)');
  // Printed as soon as the console answers, before the agent's child starts (a bundle to check, a process to
  // start): whoever waits for /api/health/ready finds the address and the credentials already printed.
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  console.log(formatStartupReport(`http://${shownHost}:${config.port}`, seeded).join('\n'));
  // The embedded database has no autovacuum: statistics and the visibility map are kept up here.
  const stopMaintenance = startPgliteMaintenance(handle, app.log);
  // Build agents (issue 5): `npm start` alone builds, with one agent: a sandboxed child process (issue 36).
  const agent = config.embeddedAgent
    ? await startEmbeddedAgent(app.db, {
        server: ownAddress(config.host, config.port),
        dataDir: config.dataDir,
        log: app.log.child({ agent: 'embedded' }),
        queue: app.jobQueue,
        buildCommand: process.env.BUILD_COMMAND || undefined,
        buildEnv: config.buildEnv,
        secrets: serverSecrets(config),
      })
    : undefined;

  // Graceful shutdown (SIGTERM, SIGINT): /api/health/ready answers 503 at once so that a balancer drains this
  // instance; the embedded agent finishes its build (or gives it back to the queue) while the server still
  // answers it; then the server stops accepting connections, waiting claims answer 204, live sockets get
  // 1001 Going Away, and requests under way get up to SHUTDOWN_GRACE_SECONDS before they are cut.
  const graceMs = config.shutdownGraceMs ?? 10_000;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    app.lifecycle.drain();
    stopMaintenance();
    app.log.info({ signal, graceMs }, 'shutting down');
    // A last resort should closing itself hang (a database that does not answer).
    setTimeout(
      () => {
        app.log.error('shutdown did not finish in time; exiting');
        process.exit(1);
      },
      3 * graceMs + 5_000,
    ).unref();
    try {
      await agent?.stop(graceMs);
      // Connections that fall idle during the close (a long poll just answered) are closed as they do.
      const idle = setInterval(() => app.server.closeIdleConnections(), 250);
      const cut = setTimeout(() => {
        app.log.warn('requests still under way after the grace period: closing their connections');
        app.server.closeAllConnections();
        for (const socket of app.websocketServer.clients) socket.terminate();
      }, graceMs);
      await app.close();
      clearTimeout(cut);
      clearInterval(idle);
      await handle.close();
      app.log.info('shut down');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
