import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CombinationListSchema,
  InstallTypeListSchema,
  ModelListSchema,
  PlatformListSchema,
  SeriesListSchema,
} from '../../contract/schemas/catalogue-schemas';
import { errorResponses } from '../../contract/schemas/common-schemas';
import {
  listCombinations,
  listInstallTypes,
  listModels,
  listPlatforms,
  listSeries,
} from './catalogue-repository';

/**
 * The firmware catalogue, read by every signed-in user; plain arrays, no paging (it is small). Series, models and
 * combinations of a hidden (x17, t2t) or blocked series are the admins' only: to everyone else they are not there.
 */
const catalogueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The catalogue rarely changes: every read has an ETag, and 304 when the browser's copy is current.
  const options = <T>(summary: string, list: T) => ({
    config: { etag: true },
    schema: {
      tags: ['catalogue'],
      summary,
      response: { 200: list, ...errorResponses(401, 403) },
    },
  });

  app.get('/client/firmware/series', options('Miner series', SeriesListSchema), (request) =>
    listSeries(app.db, request.account),
  );
  app.get('/client/firmware/models', options('Miner models', ModelListSchema), (request) =>
    listModels(app.db, request.account),
  );
  app.get('/client/firmware/platform', options('Control boards', PlatformListSchema), () =>
    listPlatforms(app.db),
  );
  app.get('/client/firmware/install_type', options('Install types', InstallTypeListSchema), () =>
    listInstallTypes(app.db),
  );
  app.get(
    '/client/firmware/model-platform-install_type',
    options('Supported model, platform and install type combinations', CombinationListSchema),
    (request) => listCombinations(app.db, request.account),
  );
};

export default catalogueRoutes;
