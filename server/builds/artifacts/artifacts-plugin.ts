import path from 'node:path';
import fp from 'fastify-plugin';
import { useGitCache } from '../sources/tag-commits';
import { type ArtifactStore, createArtifactStore } from './artifact-store';
import { sweepOrphanArtifacts } from './reuse';

declare module 'fastify' {
  interface FastifyInstance {
    artifacts: ArtifactStore;
  }
}

export default fp<{ dataDir: string }>(
  async (app, { dataDir }) => {
    const artifacts = createArtifactStore(dataDir);
    app.decorate('artifacts', artifacts);
    // Issue 16: configuration hashes read tags' commits in the server's copies of remote repositories.
    useGitCache(path.join(dataDir, 'git-cache'));
    // Stored artifacts no build names any more (rebuilt meanwhile), at start, in the background.
    app.addHook('onReady', async () => {
      if (!app.hasDecorator('db')) return;
      void sweepOrphanArtifacts(app.db, artifacts).catch((error) =>
        app.log.warn({ err: error }, 'artifact sweep failed'),
      );
    });
  },
  { name: 'artifacts' },
);
