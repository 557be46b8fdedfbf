import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import accountMailPlugin from './accounts/account-mail-plugin';
import { defaultSignInLimits, type SignInLimits } from './accounts/auth/attempt-limits';
import authPlugin from './accounts/auth-plugin';
import apiRoutes from './api-routes';
import artifactsPlugin from './builds/artifacts/artifacts-plugin';
import buildsPlugin from './builds/builds-plugin';
import { serverSecrets } from './builds/logs/log-secrets';
import buildMailPlugin from './builds/mail/build-mail-plugin';
import catalogueCachePlugin from './catalogue/catalogue-cache';
import type { Config } from './config';
import { fromRoot } from './paths';
import benchBaselineRoutes from './platform/bench-baseline';
import { type DbHandle, openDb } from './platform/db/client';
import { migrateDb } from './platform/db/migrate';
import referencePlugin from './platform/docs/reference-plugin';
import requestIdPlugin, { requestIdGenerator } from './platform/http/request-id';
import { lazyResponseSerializer } from './platform/http/response-serializer';
import { schemaValidatorCompiler } from './platform/http/schema-validator';
import { fastifyTrustProxy, trustedPeer } from './platform/http/trust-proxy';
import untrustedForwardingPlugin from './platform/http/untrusted-forwarding';
import mailPlugin from './platform/mail/mail-plugin';
import outboxPlugin from './platform/mail/outbox-plugin';
import dbPlugin from './platform/plugins/db-plugin';
import deliveryPlugin from './platform/plugins/delivery-plugin';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './platform/plugins/errors-plugin';
import lifecyclePlugin from './platform/plugins/lifecycle-plugin';
import metricsPlugin from './platform/plugins/metrics-plugin';
import securityHeadersPlugin from './platform/plugins/security-headers-plugin';
import spaPlugin from './platform/plugins/spa-plugin';
import swaggerPlugin from './platform/plugins/swagger-plugin';
import xsrfPlugin from './platform/plugins/xsrf-plugin';
import storagePlugin from './platform/storage/storage-plugin';
import releaseMailPlugin from './releases/mail/release-mail-plugin';
import signingPlugin from './signing/signing-plugin';
import taskCountersCachePlugin from './tasks/task-counters-cache';
import webhooksPlugin from './webhooks/webhooks-plugin';

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database. Without one the app opens (and migrates, and later closes) its own. */
  db?: DbHandle;
  /** The built SPA; defaults to `dist/` at the project root. */
  spaDir?: string;
  signInLimits?: Partial<SignInLimits>;
  logger?: FastifyServerOptions['logger'];
}

export const BODY_LIMIT = 1024 * 1024;

const defaultSpaDir = fromRoot('dist');

export async function buildApp(options: BuildAppOptions) {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // A UUID per request, or a trusted proxy's X-Request-Id; each request logged once (request-id.ts).
    genReqId: requestIdGenerator(trustedPeer(config.trustProxy)),
    requestIdHeader: false,
    // The router's and Node's own refusals in our error shape too (errors-plugin.ts).
    frameworkErrors,
    clientErrorHandler,
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(schemaValidatorCompiler);
  app.setSerializerCompiler(lazyResponseSerializer);

  // External plugins and cross-cutting behaviour.
  await app.register(requestIdPlugin);
  await app.register(untrustedForwardingPlugin, { trustProxy: config.trustProxy });
  await app.register(errorsPlugin);
  // CSP, framing refused, nosniff, Referrer-Policy and HSTS over https on every answer (issue 12).
  await app.register(securityHeadersPlugin);
  // Operations: request metrics for GET /api/metrics, and the draining flag of a graceful shutdown.
  await app.register(metricsPlugin, { token: config.metricsToken });
  await app.register(lifecyclePlugin);
  // Compressed API answers and ETags (issue 14); before any route, as it attaches to routes when they are added.
  await app.register(deliveryPlugin);
  await app.register(cookie);
  const owned = options.db === undefined;
  const handle = options.db ?? (await openDb(config));
  if (owned) await migrateDb(handle);
  await app.register(dbPlugin, { handle, owned });
  await app.register(swaggerPlugin, { appUrl: config.appUrl });
  await app.register(xsrfPlugin);
  // Counting only: no route is limited by it unless it asks (issue 38: the API tokens' limit, auth-plugin).
  await app.register(rateLimit, { global: false });
  await app.register(authPlugin, {
    jwtSecret: config.jwtSecret,
    tokenTtl: config.tokenTtl,
    apiTokenRateLimit: config.apiTokenRateLimit,
  });
  await app.register(mailPlugin, {
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    appUrl: config.appUrl,
    mailFrom: config.mailFrom,
  });
  // Every mail goes through the outbox (issue 43); each feature says how its kinds of mail are written.
  await app.register(outboxPlugin, { outbox: config.mailOutbox });
  await app.register(releaseMailPlugin);
  await app.register(accountMailPlugin);
  await app.register(buildMailPlugin);
  // Issue 38: the webhooks' outbox and sender.
  await app.register(webhooksPlugin, { webhooks: config.webhooks });
  await app.register(storagePlugin, {
    dataDir: config.dataDir,
    s3: config.s3,
    uploadSweep: config.uploadSweep,
  });
  // Sets and builds (issue 4): build artifacts in the storage (DATA_DIR/artifacts, or the bucket).
  await app.register(artifactsPlugin, { dataDir: config.dataDir });
  // Build agents (issue 5): the build queue, its lease sweep and the build events bus.
  await app.register(buildsPlugin, {
    dataDir: config.dataDir,
    queue: config.queue,
    logSecrets: serverSecrets(config),
  });
  // Build integrity (issue 16): the signing key, and an attestation for every accepted artifact.
  await app.register(catalogueCachePlugin);
  await app.register(taskCountersCachePlugin);
  await app.register(signingPlugin, { signingKey: config.signingKey });
  await app.register(websocket, {
    options: { maxPayload: 4096 },
    // On close every live socket gets 1001 Going Away, so that browsers reconnect (to another instance).
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(1001, 'Server shutting down');
      this.websocketServer.close();
      done();
    },
  });

  // Routes.
  await app.register(apiRoutes, {
    prefix: '/api',
    signInLimits: { ...defaultSignInLimits, ...options.signInLimits },
  });
  // The API reference page (issue 38), public like the document it renders.
  await app.register(referencePlugin, { prefix: '/api/reference' });
  // Not a route of the console: the benchmark's yardstick, only when it asks for it (BENCH_BASELINE=1).
  if (config.benchBaseline) await app.register(benchBaselineRoutes, { prefix: '/api' });
  await app.register(spaPlugin, { dir: options.spaDir ?? defaultSpaDir });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
