import fp from 'fastify-plugin';
import type { Db, DbHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbHandle: DbHandle;
  }
}

export interface DbPluginOptions {
  handle: DbHandle;
  /** Close the database when the app closes (true when buildApp opened it itself). */
  owned: boolean;
}

export default fp<DbPluginOptions>(
  async (app, { handle, owned }) => {
    app.decorate('db', handle.db);
    app.decorate<DbHandle>('dbHandle', handle);
    if (owned) app.addHook('onClose', () => handle.close());
  },
  { name: 'db' },
);
