import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import accountInfoRoutes from './accounts/account/account-info';
import changeEmailRoutes from './accounts/account/change-email';
import changePasswordRoutes from './accounts/account/change-password';
import logoUploadRoutes from './accounts/account/logo-upload';
import analyticsRoutes from './accounts/analytics-routes';
import apiTokenRoutes from './accounts/api-tokens/api-token-routes';
import type { SignInLimits } from './accounts/auth/attempt-limits';
import forgotPasswordRoutes from './accounts/auth/forgot-password';
import resetPasswordRoutes from './accounts/auth/reset-password';
import signInRoutes from './accounts/auth/sign-in';
import xsrfRoutes from './accounts/auth/xsrf';
import clientLicenseRoutes from './accounts/client-license-routes';
import adminLicenseRoutes from './accounts/license-routes';
import logoFilesRoutes from './accounts/logo-file-routes';
import logosRoutes from './accounts/logos-routes';
import partnerFeesRoutes from './accounts/partner-fees-routes';
import partnersRoutes from './accounts/partners-routes';
import sshKeysRoutes from './accounts/ssh-keys-routes';
import unsubscribeRoutes from './accounts/unsubscribe-route';
import agentAdminRoutes from './agents/admin-routes';
import agentRoutes from './agents/agent-routes';
import auditRoutes from './audit/audit-routes';
import adminBuildsRoutes from './builds/admin-routes';
import buildFilesRoutes from './builds/artifacts/file-routes';
import buildsRoutes from './builds/client-routes';
import buildLogRoutes from './builds/logs/build-log-routes';
import retentionRoutes from './builds/runs/retention-routes';
import buildRunsRoutes from './builds/runs/runs-routes';
import adminCatalogueRoutes from './catalogue/admin-catalogue-routes';
import buildOptionDefaultsRoutes from './catalogue/build-options-routes';
import catalogueRoutes from './catalogue/client-routes';
import languagesRoutes from './catalogue/languages-routes';
import poolUrlRoutes from './catalogue/pool-url-routes';
import dashboardRoutes from './dashboard/dashboard-routes';
import exportRoutes from './exports/export-routes';
import impactRoutes from './impact/impact-routes';
import docsRoutes from './platform/docs/openapi';
import healthRoutes from './platform/health/health';
import { idempotency } from './platform/plugins/idempotency';
import adminReleasesRoutes from './releases/admin-routes';
import releasesRoutes from './releases/client-routes';
import repositoriesRoutes from './releases/repositories-routes';
import adminSetsRoutes from './sets/admin-routes';
import setsRoutes from './sets/client-routes';
import linksRoutes from './sets/links-routes';
import setLinkRoutes from './sets/set-link-routes';
import signingRoutes from './signing/signing-routes';
import adminTasksRoutes from './tasks/admin-routes';
import tasksRoutes from './tasks/client-routes';
import wsRoutes from './tasks/live-socket-routes';
import webhookRoutes from './webhooks/webhook-routes';

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
  // The catalogue from the console (issue 17)
  await app.register(adminCatalogueRoutes);
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
  await app.register(changePasswordRoutes, { limits: options.signInLimits });
  await app.register(logoUploadRoutes);
  await app.register(logosRoutes);
  await app.register(logoFilesRoutes);
  await app.register(sshKeysRoutes);
  // Partners automate (issue 38)
  await app.register(apiTokenRoutes);
  await app.register(webhookRoutes);
  await app.register(clientLicenseRoutes);
  await app.register(partnersRoutes);
  await app.register(partnerFeesRoutes);
  await app.register(adminLicenseRoutes);
  await app.register(analyticsRoutes);
  // Sets and builds (issue 4)
  await app.register(setsRoutes);
  await app.register(buildsRoutes);
  await app.register(linksRoutes);
  await app.register(setLinkRoutes);
  await app.register(poolUrlRoutes);
  await app.register(buildOptionDefaultsRoutes);
  await app.register(adminSetsRoutes);
  await app.register(adminBuildsRoutes);
  await app.register(buildFilesRoutes);
  // Build agents (issue 5)
  await app.register(agentRoutes);
  await app.register(agentAdminRoutes);
  await app.register(tasksRoutes);
  await app.register(adminTasksRoutes);
  await app.register(buildLogRoutes);
  await app.register(buildRunsRoutes);
  await app.register(retentionRoutes);
  await app.register(wsRoutes);
  // Build integrity (issue 16)
  await app.register(signingRoutes);
  // Running the service (issue 17)
  await app.register(auditRoutes);
  await app.register(impactRoutes);
  await app.register(exportRoutes);
  // Dashboards (issue 42)
  await app.register(dashboardRoutes);
};

export default apiRoutes;
