import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { IMPACT_ONE_OF, ImpactQuerySchema, ImpactSchema } from '../../contract/schemas/impact-schemas';
import { invalid } from '../platform/http/validation-errors';
import { impactOf } from './impact-repository';

/**
 * Issue 17, impact before change: what removing or blocking a release, a license or a model would touch.
 * Admins and developers (a developer removes its own releases).
 */
const impactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/impact',
    {
      preHandler: app.requireAdminOrDeveloper,
      schema: {
        tags: ['impact'],
        summary: 'How many builds, sets and queued builds use a release, a license or a model (give one)',
        querystring: ImpactQuerySchema,
        response: { 200: ImpactSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const { release, license, model } = request.query;
      const given = [release, license, model].filter((value) => value !== undefined).length;
      if (given !== 1) throw invalid(['query', release === undefined ? 'release' : 'license'], IMPACT_ONE_OF);
      if (release !== undefined) return impactOf(app.db, { release });
      if (license !== undefined) return impactOf(app.db, { license });
      return impactOf(app.db, { model: model as string });
    },
  );
};

export default impactRoutes;
