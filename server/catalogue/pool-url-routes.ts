import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { PoolPresetSchema } from '../../contract/schemas/pool-schemas';
import { listPoolPresets } from './pool-presets-repository';

/** Pool presets for the build form's pool slots (spec §3 Pool preset). */
const poolUrlRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/client/pool-url',
    {
      // Rarely changes: an ETag, and 304 when the browser's copy is current (delivery-plugin).
      config: { etag: true },
      schema: {
        tags: ['builds'],
        summary: 'Well-known pools and their stratum urls',
        response: { 200: Type.Array(PoolPresetSchema), ...errorResponses(401, 403) },
      },
    },
    () => listPoolPresets(app.db),
  );
};

export default poolUrlRoutes;
