import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listLanguages } from '../../db/languages-repository';
import { errorResponses } from '../../schemas/common-schemas';
import { LanguageListSchema } from '../../schemas/release-schemas';

/** The languages release descriptions are written in, for any signed-in user. */
const languagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/client/languages',
    {
      // Rarely changes: an ETag, and 304 when the browser's copy is current (delivery-plugin).
      config: { etag: true },
      schema: {
        tags: ['releases'],
        summary: 'Languages of release descriptions',
        response: { 200: LanguageListSchema, ...errorResponses(401, 403) },
      },
    },
    () => listLanguages(app.db),
  );
};

export default languagesRoutes;
