import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import unsubscribeRoutes from '../mail/unsubscribe-route';
import { idempotency } from '../plugins/idempotency';
import analyticsRoutes from './admin/analytics';
import adminFirmwaresRoutes from './admin/firmwares';
import adminTasksRoutes from './admin/firmwares-tasks';
import adminGroupsRoutes from './admin/groups';
import adminLicenseRoutes from './admin/license';
import adminReleasesRoutes from './admin/releases';
import repositoriesRoutes from './admin/repositories';
import usersRoutes from './admin/users';
import usersFeesRoutes from './admin/users-fees';
import workersRoutes from './admin/workers';
import agentRoutes from './agent/agent-routes';
import type { SignInLimits } from './auth/attempt-limits';
import forgotPasswordRoutes from './auth/forgot-password';
import resetPasswordRoutes from './auth/reset-password';
import signInRoutes from './auth/sign-in';
import xsrfRoutes from './auth/xsrf';
import accountInfoRoutes from './client/account/account-info';
import changeEmailRoutes from './client/account/change-email';
import changePasswordRoutes from './client/account/change-password';
import logoUploadRoutes from './client/account/logo-upload';
import buildLogRoutes from './client/firmware/build-log';
import buildOptionDefaultsRoutes from './client/firmware/build-options';
import catalogueRoutes from './client/firmware/catalogue';
import firmwaresRoutes from './client/firmware/firmwares';
import groupsRoutes from './client/firmware/groups';
import clientLicenseRoutes from './client/firmware/license';
import linksRoutes from './client/firmware/links';
import logosRoutes from './client/firmware/logos';
import poolUrlRoutes from './client/firmware/pool-url';
import sshKeysRoutes from './client/firmware/ssh-keys';
import tasksRoutes from './client/firmware/tasks';
import languagesRoutes from './client/languages';
import releasesRoutes from './client/releases';
import wsRoutes from './client/ws';
import docsRoutes from './docs/openapi';
import firmwareFilesRoutes from './files/firmware-files';
import healthRoutes from './health/health';
import logoFilesRoutes from './logos/logo-files';

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

  idempotency(app);

  // Role guards run before validation: a role without permission gets 403 whatever it sends, never a 422
  // that would tell it the route's schema or check its guesses.
  const guards = new Set<unknown>([app.requireAdmin, app.requireAdminOrDeveloper]);
  app.addHook('onRoute', (route) => {
    const handlers = [route.preHandler ?? []].flat();
    if (!handlers.some((handler) => guards.has(handler))) return;
    route.preHandler = handlers.filter((handler) => !guards.has(handler));
    route.preValidation = [
      ...handlers.filter((handler) => guards.has(handler)),
      ...[route.preValidation ?? []].flat(),
    ];
  });

  await app.register(healthRoutes);
  await app.register(docsRoutes);
  await app.register(xsrfRoutes);
  await app.register(signInRoutes, { limits: options.signInLimits });
  await app.register(accountInfoRoutes);
  await app.register(catalogueRoutes);
  // Releases (issue 3)
  await app.register(languagesRoutes);
  await app.register(releasesRoutes);
  await app.register(adminReleasesRoutes);
  await app.register(repositoriesRoutes);
  // Accounts and partners (issue 6)
  await app.register(forgotPasswordRoutes, { limits: options.signInLimits });
  await app.register(resetPasswordRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(changeEmailRoutes, { limits: options.signInLimits });
  await app.register(changePasswordRoutes);
  await app.register(logoUploadRoutes);
  await app.register(logosRoutes);
  await app.register(logoFilesRoutes);
  await app.register(sshKeysRoutes);
  await app.register(clientLicenseRoutes);
  await app.register(usersRoutes);
  await app.register(usersFeesRoutes);
  await app.register(adminLicenseRoutes);
  await app.register(analyticsRoutes);
  // Sets and builds (issue 4)
  await app.register(groupsRoutes);
  await app.register(firmwaresRoutes);
  await app.register(linksRoutes);
  await app.register(poolUrlRoutes);
  await app.register(buildOptionDefaultsRoutes);
  await app.register(adminGroupsRoutes);
  await app.register(adminFirmwaresRoutes);
  await app.register(firmwareFilesRoutes);
  // Build agents (issue 5)
  await app.register(agentRoutes);
  await app.register(workersRoutes);
  await app.register(tasksRoutes);
  await app.register(adminTasksRoutes);
  await app.register(buildLogRoutes);
  await app.register(wsRoutes);
};

export default apiRoutes;
