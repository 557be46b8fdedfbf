import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { LanguageListSchema } from '../../contract/schemas/release-schemas';
import { listLanguages } from './languages-repository';

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
