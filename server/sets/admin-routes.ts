import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { BuildOptionSchema } from '../../contract/schemas/build-schemas';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { BuildSetSchema, SetIdParamsSchema } from '../../contract/schemas/set-schemas';
import { listBuildOptions } from '../catalogue/build-options-repository';
import { restoreSet } from './set-restore';
import { setView } from './set-views';
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

  app.post(
    '/admin/groups/:id/restore',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin sets'],
        summary: 'Restore a removed set with the builds its removal took (issue 17)',
        description: 'Refused with 409 while another set of the owner has its name.',
        params: SetIdParamsSchema,
        response: { 200: BuildSetSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      await restoreSet(app.db, request.account.id, request.params.id);
      return setView(app.db, request.params.id);
    },
  );

  await app.register(setWritesRoutes, { base: '/admin/groups', admin: true, preHandler: app.requireAdmin });
};

export default adminSetsRoutes;
