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
  // Kept until the catalogue changes (catalogue-cache.ts), one answer for admins and one for everyone else.
  const cached = <T>(key: string, viewer: { is_admin: boolean }, read: () => Promise<T>) =>
    app.catalogueCache.get(`${key}:${viewer.is_admin ? 'admin' : 'other'}`, read) as Promise<T>;
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
    cached('series', request.account, () => listSeries(app.db, request.account)),
  );
  app.get('/client/firmware/models', options('Miner models', ModelListSchema), (request) =>
    cached('models', request.account, () => listModels(app.db, request.account)),
  );
  app.get('/client/firmware/platform', options('Control boards', PlatformListSchema), (request) =>
    cached('platforms', request.account, () => listPlatforms(app.db)),
  );
  app.get('/client/firmware/install_type', options('Install types', InstallTypeListSchema), (request) =>
    cached('install_types', request.account, () => listInstallTypes(app.db)),
  );
  app.get(
    '/client/firmware/model-platform-install_type',
    options('Supported model, platform and install type combinations', CombinationListSchema),
    (request) => cached('combinations', request.account, () => listCombinations(app.db, request.account)),
  );
};

export default catalogueRoutes;
