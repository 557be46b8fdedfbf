import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CombinationListSchema,
  InstallTypeListSchema,
  ModelListSchema,
  PlatformListSchema,
  SeriesListSchema,
} from '../../../../contract/schemas/catalogue-schemas';
import { errorResponses } from '../../../../contract/schemas/common-schemas';
import {
  listCombinations,
  listInstallTypes,
  listModels,
  listPlatforms,
  listSeries,
} from '../../../db/catalogue-repository';

/** The firmware catalogue, read by every signed-in user; plain arrays, no paging (it is small). */
const catalogueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const schema = <T>(summary: string, list: T) => ({
    tags: ['catalogue'],
    summary,
    response: { 200: list, ...errorResponses(401, 403) },
  });

  app.get('/client/firmware/series', { schema: schema('Miner series', SeriesListSchema) }, () =>
    listSeries(app.db),
  );
  app.get('/client/firmware/models', { schema: schema('Miner models', ModelListSchema) }, () =>
    listModels(app.db),
  );
  app.get('/client/firmware/platform', { schema: schema('Control boards', PlatformListSchema) }, () =>
    listPlatforms(app.db),
  );
  app.get('/client/firmware/install_type', { schema: schema('Install types', InstallTypeListSchema) }, () =>
    listInstallTypes(app.db),
  );
  app.get(
    '/client/firmware/model-platform-install_type',
    { schema: schema('Supported model, platform and install type combinations', CombinationListSchema) },
    () => listCombinations(app.db),
  );
};

export default catalogueRoutes;
