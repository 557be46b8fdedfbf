import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import adminCombinationsRoutes from './admin-combinations-routes';
import adminLicensesRoutes from './admin-licenses-routes';
import adminModelsRoutes from './admin-models-routes';
import adminPlatformsRoutes from './admin-platforms-routes';
import adminPoolPresetsRoutes from './admin-pool-presets-routes';
import adminSeriesRoutes from './admin-series-routes';

/**
 * The catalogue from the console (issue 17): admins add, change, block and remove what the build form offers,
 * under /admin/catalogue. Every change writes its audit row in its own transaction; a change that queued builds
 * depend on answers 409 naming how many (blocking goes ahead with `confirm`, removals wait).
 */
const adminCatalogueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(adminSeriesRoutes);
  await app.register(adminModelsRoutes);
  await app.register(adminPlatformsRoutes);
  await app.register(adminCombinationsRoutes);
  await app.register(adminLicensesRoutes);
  await app.register(adminPoolPresetsRoutes);
};

export default adminCatalogueRoutes;
