import fp from 'fastify-plugin';
import { type ArtifactStore, createArtifactStore } from './artifact-store';

declare module 'fastify' {
  interface FastifyInstance {
    artifacts: ArtifactStore;
  }
}

export default fp<{ dataDir: string }>(
  async (app, { dataDir }) => {
    app.decorate('artifacts', createArtifactStore(dataDir));
  },
  { name: 'artifacts' },
);
