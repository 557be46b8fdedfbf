import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LinksQuerySchema, SharedLinksSchema } from '../../contract/schemas/build-schemas';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { listBuilds } from '../builds/builds-repository';
import { checkUuid } from '../builds/uuid';
import { toSharedBuild } from '../builds/views';
import { notFound } from '../platform/http/http-errors';
import { findSetByLinkUuid } from './sets-repository';

/**
 * The public links page (/links/{group_name}?uuid=…): a set's builds, found by the set's link uuid, for
 * anyone holding the link. Nothing about the owner, the pools or the ids is shown.
 */
const linksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/client/firmware/firmwares/links',
    {
      config: { public: true },
      schema: {
        tags: ['links'],
        summary: 'The builds of a shared set (public)',
        security: [],
        querystring: LinksQuerySchema,
        response: { 200: SharedLinksSchema, ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      const uuid = checkUuid(request.query.uuid, ['query', 'uuid']);
      const set = await findSetByLinkUuid(app.db, uuid);
      // Issue 37: a link its owner turned off answers as if it never existed.
      if (!set || set.is_removed || !set.link_enabled) throw notFound('Set not found');
      const rows = await listBuilds(app.db, { setId: set.id });
      return { group_name: set.name, firmwares: rows.map(toSharedBuild) };
    },
  );
};

export default linksRoutes;
