import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createLogoStore, type LogoStore } from './logo-store';
import type { ObjectStorage } from './object-storage';
import { createStorage } from './storage-config';
import { storageDisagreement } from './storage-guard';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every file the console serves (issue 39): DATA_DIR, or the S3 bucket. */
    storage: ObjectStorage;
    logoStore: LogoStore;
    /** Why this instance must not be ready with its storage (storage-guard.ts), or undefined. */
    storageRefusal: string | undefined;
  }
}

export default fp<Pick<Config, 'dataDir' | 's3'>>(
  async (app, config) => {
    const storage = createStorage(config);
    app.decorate('storage', storage);
    app.decorate('logoStore', createLogoStore(storage));
    app.decorate('storageRefusal', undefined);
    // Uploads a crash or a kill left unfinished: `.part` files, or multipart uploads (aborted).
    app.addHook('onReady', async () => {
      if (app.hasDecorator('db')) {
        app.storageRefusal = await storageDisagreement(app.db, storage);
        if (app.storageRefusal) app.log.error(`not ready: ${app.storageRefusal}`);
      }
      void storage
        .sweepUnfinished()
        .then((swept) => swept > 0 && app.log.info({ swept }, 'unfinished uploads swept'))
        .catch((error) => app.log.warn({ err: error }, 'unfinished upload sweep failed'));
    });
  },
  { name: 'storage' },
);
