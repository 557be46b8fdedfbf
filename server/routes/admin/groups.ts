import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { BUILD_OPTION_TYPES } from '../../../contract/statuses';
import { listBuildOptions } from '../../db/build-options-repository';
import { errorResponses } from '../../schemas/common-schemas';
import groupWritesRoutes from '../client/firmware/groups-writes';

const BuildOptionSchema = Type.Object({
  name: Type.String({ examples: ['fan_control'] }),
  type: Type.Enum([...BUILD_OPTION_TYPES], { description: 'bool, str or list (of strings)' }),
  default: Type.Union([Type.Boolean(), Type.String(), Type.Array(Type.String())]),
  description: Type.String(),
});

/** Admins: any account's sets (the same writes as the client paths) and the build options. */
const adminGroupsRoutes: FastifyPluginAsyncTypebox = async (app) => {
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

  await app.register(groupWritesRoutes, { base: '/admin/groups', admin: true, preHandler: app.requireAdmin });
};

export default adminGroupsRoutes;
