import fp from 'fastify-plugin';
import { Redactor } from '../../contract/redact';
import { JobQueue } from '../queue/job-queue';
import { DEFAULT_QUEUE_OPTIONS, type QueueOptions } from '../queue/queue-options';
import { BuildEventsBus } from '../tasks/build-events-bus';
import { createJobFiles, type JobFiles } from './job-files';

declare module 'fastify' {
  interface FastifyInstance {
    /** Build progress and log lines for WebSocket clients, across API instances. */
    buildEvents: BuildEventsBus;
    /** The build queue: claims, the lease sweep, and every change of a queued build's state. */
    jobQueue: JobQueue;
    /** Artifact uploads and release sources, under DATA_DIR. */
    jobFiles: JobFiles;
    /**
     * Cleans the lines an agent sends for a build before they are stored and published: the console's
     * secrets, secret-looking settings, and the build's uuid (its artifact's download capability).
     */
    buildLogRedactor: (uuid: string) => Redactor;
  }
}

export interface BuildsPluginOptions {
  dataDir: string;
  queue?: Partial<QueueOptions>;
  /** The console's secrets (log-secrets.ts), masked in every stored line of an agent. */
  logSecrets?: string[];
}

export default fp<BuildsPluginOptions>(
  async (app, options) => {
    const bus = new BuildEventsBus(app.dbHandle, app.log);
    await bus.start();
    const queueOptions = { ...DEFAULT_QUEUE_OPTIONS, ...options.queue };
    const queue = new JobQueue(app.db, bus, queueOptions, app.log, app.metrics.events);
    queue.start();
    app.decorate('buildEvents', bus);
    // The database's notices of changed accounts reach the account cache through the same connection.
    bus.onAccountChanged((id) => app.accountCache.forget(id));
    app.decorate('jobQueue', queue);
    app.decorate('jobFiles', createJobFiles(options.dataDir, app.storage));
    app.decorate('buildLogRedactor', (uuid: string) => new Redactor(options.logSecrets ?? [], [uuid]));
    app.addHook('preClose', async () => queue.close());
    app.addHook('onClose', async () => {
      await queue.stop();
      await bus.close();
    });
  },
  { name: 'builds', dependencies: ['db', 'auth', 'metrics'] },
);
