import type { FastifyRequest } from 'fastify';

type Guard = (request: FastifyRequest) => Promise<void>;

/**
 * The options of a feature's routes: listed under `tags` in the API docs and, when a `preHandler` is given,
 * behind that guard (app.requireAdmin, app.requireAdminOrDeveloper). A file declares it once,
 * `const admin = routesUnder(['admin builds'], app.requireAdmin)`, then each route's schema:
 * `app.get(path, admin({ summary, querystring, response }), handler)`.
 */
export const routesUnder =
  (tags: string[], preHandler?: Guard) =>
  <S extends object>(schema: S) => ({
    ...(preHandler ? { preHandler } : {}),
    schema: { tags, ...schema },
  });
