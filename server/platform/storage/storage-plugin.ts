import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createLogoStore, type LogoStore } from './logo-store';
import type { ObjectStorage } from './object-storage';
import { createStorage } from './storage-config';
import { storageDisagreement } from './storage-guard';

/** UPLOAD_SWEEP_SECONDS' default: hourly. */
const DEFAULT_SWEEP_EVERY_MS = 60 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every file the console serves (issue 39): DATA_DIR, or the S3 bucket. */
    storage: ObjectStorage;
    logoStore: LogoStore;
    /** Why this instance must not be ready with its storage (storage-guard.ts), or undefined. */
    storageRefusal: string | undefined;
  }
}

export default fp<Pick<Config, 'dataDir' | 's3' | 'uploadSweep'>>(
  async (app, config) => {
    const storage = createStorage(config);
    app.decorate('storage', storage);
    app.decorate('logoStore', createLogoStore(storage));
    app.decorate('storageRefusal', undefined);
    // Uploads a crash or a kill left unfinished (`.part` files, multipart uploads, aborted): at start and
    // every UPLOAD_SWEEP_SECONDS, of those older than the backend's safe age. Each instance sweeps on its own:
    // a sweep only removes what is old, and one already removed by another is not an error.
    const every = config.uploadSweep?.everyMs ?? DEFAULT_SWEEP_EVERY_MS;
    let sweeping = false;
    const sweep = async () => {
      if (sweeping) return;
      sweeping = true;
      try {
        const swept = await storage.sweepUnfinished(config.uploadSweep?.ageMs);
        if (swept > 0) app.log.info({ swept }, 'unfinished uploads swept');
      } catch (error) {
        app.log.warn({ err: error }, 'unfinished upload sweep failed');
      } finally {
        sweeping = false;
      }
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      if (app.hasDecorator('db')) {
        app.storageRefusal = await storageDisagreement(app.db, storage);
        if (app.storageRefusal) app.log.error(`not ready: ${app.storageRefusal}`);
      }
      void sweep();
      timer = setInterval(() => void sweep(), every);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'storage' },
);
