import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BuildOptionsValuesSchema } from '../../contract/schemas/build-schemas';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { buildOptionDefaults } from './build-options-repository';

/** Non-admins build with the default options (spec §2); the form reads them here. */
const buildOptionDefaultsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/client/firmware/build-options/defaults',
    {
      // Rarely changes: an ETag, and 304 when the browser's copy is current (delivery-plugin).
      config: { etag: true },
      schema: {
        tags: ['builds'],
        summary: 'The default value of every build option, by name',
        response: { 200: BuildOptionsValuesSchema, ...errorResponses(401, 403) },
      },
    },
    () => buildOptionDefaults(app.db),
  );
};

export default buildOptionDefaultsRoutes;
