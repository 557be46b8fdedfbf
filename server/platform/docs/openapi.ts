import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const docsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/docs', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
};

export default docsRoutes;
