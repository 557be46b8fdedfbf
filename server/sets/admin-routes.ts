import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { BuildOptionSchema } from '../../contract/schemas/build-schemas';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { listBuildOptions } from '../catalogue/build-options-repository';
import setWritesRoutes from './set-writes';

/** Admins: any account's sets (the same writes as the client paths) and the build options. */
const adminSetsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/groups/build-options',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin sets'],
        summary: 'The options a build can carry, with their types and defaults',
        response: { 200: Type.Array(BuildOptionSchema), ...errorResponses(401, 403) },
      },
    },
    () => listBuildOptions(app.db),
  );

  await app.register(setWritesRoutes, { base: '/admin/groups', admin: true, preHandler: app.requireAdmin });
};

export default adminSetsRoutes;
