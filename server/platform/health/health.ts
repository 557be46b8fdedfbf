import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { errorResponses } from '../../../contract/schemas/common-schemas';
import { HealthSchema } from '../../../contract/schemas/health-schemas';
import { HttpError } from '../http/http-errors';
import metricsRoutes from './metrics';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { config: { public: true } } as const;

  app.get(
    '/health/live',
    {
      ...common,
      schema: {
        tags: ['health'],
        summary: 'The process is up',
        security: [],
        response: { 200: HealthSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      ...common,
      schema: {
        tags: ['health'],
        summary: 'The process can reach its database and is not shutting down',
        description:
          'For load balancers: 503 once the instance is shutting down (SIGTERM), so that it is drained ' +
          'while requests under way finish; 503 too, with the reason, when its storage (DATA_DIR or ' +
          'S3_BUCKET) is not where the database says its files are.',
        security: [],
        response: { 200: HealthSchema, ...errorResponses(503) },
      },
    },
    async (request) => {
      if (app.lifecycle.draining) throw new HttpError(503, 'Shutting down');
      // Issue 39: files the database lists elsewhere than this instance looks would be 404s.
      if (app.storageRefusal) throw new HttpError(503, app.storageRefusal);
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'database check failed');
        throw new HttpError(503, 'Database unavailable');
      }
      return { status: 'ok' as const };
    },
  );

  // Prometheus (GET /api/metrics): public, or behind METRICS_TOKEN.
  await app.register(metricsRoutes);
};

export default healthRoutes;
