import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

const ASSETS = new Set(['/swagger-ui.css', '/swagger-ui-bundle.js']);

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Firmware console API reference</title>
    <link rel="stylesheet" href="/api/reference/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="/api/reference/assets/swagger-ui-bundle.js"></script>
    <script src="/api/reference/init.js"></script>
  </body>
</html>
`;

// The page's one script, a file rather than inline so that the CSP (script-src 'self') lets it run.
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/docs', dom_id: '#reference', deepLinking: true });
`;

/**
 * GET /api/reference: the API document rendered by Swagger UI from the console's own copy of its files (no
 * CDN), its one script a file, so the console's CSP holds. Public, as /api/docs is. Registered with the prefix
 * /api/reference outside the /api scope, whose routes need a token.
 */
const referencePlugin: FastifyPluginAsync = async (app) => {
  const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    allowedPath: (pathName) => ASSETS.has(pathName),
    maxAge: '1h',
  });
  app.get('', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(PAGE),
  );
  app.get('/init.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(INIT),
  );
};

export default referencePlugin;
