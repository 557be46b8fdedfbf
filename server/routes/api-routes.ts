import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import signInRoutes, { type SignInLimits } from './auth/sign-in';
import xsrfRoutes from './auth/xsrf';
import accountInfoRoutes from './client/account/account-info';
import catalogueRoutes from './client/firmware/catalogue';
import docsRoutes from './docs/openapi';
import healthRoutes from './health/health';

export interface ApiRoutesOptions {
  signInLimits: SignInLimits;
}

/**
 * Everything under /api. Authentication is the default: every route here needs a bearer token unless it
 * declares `config: { public: true }`.
 */
const apiRoutes: FastifyPluginAsyncTypebox<ApiRoutesOptions> = async (app, options) => {
  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config.public) return;
    await app.authenticate(request);
  });

  await app.register(healthRoutes);
  await app.register(docsRoutes);
  await app.register(xsrfRoutes);
  await app.register(signInRoutes, { limits: options.signInLimits });
  await app.register(accountInfoRoutes);
  await app.register(catalogueRoutes);
};

export default apiRoutes;
