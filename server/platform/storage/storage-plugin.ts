import fp from 'fastify-plugin';
import { createLogoStore, type LogoStore } from './logo-store';

declare module 'fastify' {
  interface FastifyInstance {
    logoStore: LogoStore;
  }
}

export default fp<{ dataDir: string }>(
  async (app, { dataDir }) => {
    app.decorate('logoStore', createLogoStore(dataDir));
  },
  { name: 'storage' },
);
