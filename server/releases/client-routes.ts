import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { ReleaseListQuerySchema, ReleaseListSchema } from '../../contract/schemas/release-schemas';
import { listReleases, releaseVisibility } from './releases-repository';

/** Every release the signed-in account may see (spec §6), newest first; not paged (there are few). */
const releasesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/client/releases',
    {
      // Rarely changes: an ETag, and 304 when the browser's copy is current (delivery-plugin).
      config: { etag: true },
      schema: {
        tags: ['releases'],
        summary: 'Releases visible to the signed-in account',
        description:
          'Admins see every release (removed ones with include_deleted); developers the published ones ' +
          'except dev-stage releases of others, plus their own; testers public ones outside dev and ' +
          'prerelease; everyone else public stable ones. Series x17 and t2t are for admins only.',
        querystring: ReleaseListQuerySchema,
        response: { 200: ReleaseListSchema, ...errorResponses(401, 403, 422) },
      },
      // An empty value (`include_deleted=`, as a path template leaves an unset one) means the default.
      preValidation: async (request) => {
        const query = request.query as Record<string, unknown>;
        if (query.include_deleted === '') delete query.include_deleted;
      },
    },
    (request) => listReleases(app.db, releaseVisibility(request.account, request.query.include_deleted)),
  );
};

export default releasesRoutes;
