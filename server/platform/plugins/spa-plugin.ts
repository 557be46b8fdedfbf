import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

export interface SpaPluginOptions {
  /** The built client (vite's `dist/`). */
  dir: string;
}

const API_PATH = /^\/api(\/|$)/;

function cacheHeaders(dir: string) {
  // Vite fingerprints everything under assets/, so those never change; the rest (index.html first of all)
  // must be revalidated to pick up a new build.
  return (reply: FastifyReply, filePath: string) => {
    const immutable = path.relative(dir, filePath).startsWith(`assets${path.sep}`);
    reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
}

/**
 * Serves the SPA from `dir` with history fallback: a GET outside /api that is not a file gets index.html.
 * Anything under /api that no route answers stays a JSON 404.
 */
export default fp<SpaPluginOptions>(
  async (app, { dir }) => {
    const built = existsSync(path.join(dir, 'index.html'));
    if (built) {
      // preCompressed: the build writes `.br` and `.gz` beside each file (scripts/precompress.ts); they are sent
      // by Accept-Encoding, the file itself to a client that takes neither.
      await app.register(fastifyStatic, {
        root: dir,
        cacheControl: false,
        setHeaders: cacheHeaders(dir),
        preCompressed: true,
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pagePath = request.url.split('?', 1)[0];
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !API_PATH.test(pagePath);
      if (isPage && built) return reply.sendFile('index.html');
      if (isPage) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The console has not been built yet. Run `npm run build`, then reload this page.\n');
      }
      return reply.code(404).send({ detail: 'Not Found' });
    });
  },
  { name: 'spa' },
);
