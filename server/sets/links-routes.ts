import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { LinksQuerySchema, SharedLinksSchema } from '../../contract/schemas/firmware-schemas';
import { listBuilds } from '../builds/builds-repository';
import { checkUuid } from '../builds/uuid';
import { toSharedFirmware } from '../builds/views';
import { notFound } from '../platform/http/http-errors';
import { findGroupByLinkUuid } from './sets-repository';

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
      const group = await findGroupByLinkUuid(app.db, uuid);
      if (!group || group.is_removed) throw notFound('Set not found');
      const rows = await listBuilds(app.db, { groupId: group.id });
      return { group_name: group.name, firmwares: rows.map(toSharedFirmware) };
    },
  );
};

export default linksRoutes;
