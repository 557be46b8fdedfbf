import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, fileResponse } from '../../contract/schemas/common-schemas';
import { BuildExportQuerySchema } from '../../contract/schemas/export-schemas';
import { sendCsv } from './csv-reply';
import {
  BUILD_COLUMNS,
  buildBatches,
  LICENSE_COLUMNS,
  licenseBatches,
  PARTNER_COLUMNS,
  partnerBatches,
} from './export-batches';

const csv = {
  200: fileResponse('CSV, UTF-8 with a BOM, one header line', 'text/csv'),
  ...errorResponses(401, 403, 422),
};

/** Issue 17: CSV exports for admins, streamed from the database in batches. */
const exportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const preHandler = app.requireAdmin;
  const tags = ['exports'];
  const stamp = () => new Date().toISOString().slice(0, 10);

  app.get(
    '/admin/exports/partners.csv',
    { preHandler, schema: { tags, summary: 'Partners with their fee minimums per series', response: csv } },
    async (_request, reply) =>
      sendCsv(reply, `partners-${stamp()}.csv`, PARTNER_COLUMNS, partnerBatches(app.db)),
  );

  app.get(
    '/admin/exports/licenses.csv',
    {
      preHandler,
      schema: { tags, summary: 'Licenses issued, by region, license and partner', response: csv },
    },
    async (_request, reply) =>
      sendCsv(reply, `licenses-${stamp()}.csv`, LICENSE_COLUMNS, licenseBatches(app.db)),
  );

  app.get(
    '/admin/exports/builds.csv',
    {
      preHandler,
      schema: {
        tags,
        summary: "Builds, filtered as the admin's builds list (set, partner, show removed); newest first",
        querystring: BuildExportQuerySchema,
        response: csv,
      },
    },
    async (request, reply) => {
      const { group_id, user_id, is_removed } = request.query;
      const filters = { setId: group_id, userId: user_id, includeRemoved: is_removed };
      return sendCsv(reply, `builds-${stamp()}.csv`, BUILD_COLUMNS, buildBatches(app.db, filters));
    },
  );
};

export default exportRoutes;
