import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

/** Lets the SPA obtain its XSRF-TOKEN cookie (set by the xsrf plugin) before its first write, e.g. sign-in. */
const xsrfRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/auth/xsrf',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Ensure the XSRF-TOKEN cookie is set',
        security: [],
        response: { 204: Type.Null({ description: 'The cookie is set (or already was)' }) },
      },
    },
    async (_request, reply) => reply.code(204).send(null),
  );
};

export default xsrfRoutes;
