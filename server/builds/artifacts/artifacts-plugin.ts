import path from 'node:path';
import fp from 'fastify-plugin';
import { useGitCache } from '../sources/tag-commits';
import { type ArtifactStore, createArtifactStore } from './artifact-store';
import { sweepOrphanArtifacts } from './reuse';

const SWEEP_EVERY_MS = 60 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    artifacts: ArtifactStore;
  }
}

export default fp<{ dataDir: string }>(
  async (app, { dataDir }) => {
    const artifacts = createArtifactStore(app.storage);
    app.decorate('artifacts', artifacts);
    // Issue 16: configuration hashes read tags' commits in the server's copies of remote repositories.
    useGitCache(path.join(dataDir, 'git-cache'));
    // Stored artifacts no build names any more (rebuilt meanwhile, issue 37: once past the runs' retention),
    // at start and every hour, in the background.
    const sweep = () =>
      void sweepOrphanArtifacts(app.db, artifacts).catch((error) =>
        app.log.warn({ err: error }, 'artifact sweep failed'),
      );
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      if (!app.hasDecorator('db')) return;
      sweep();
      timer = setInterval(sweep, SWEEP_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'artifacts', dependencies: ['storage'] },
);
