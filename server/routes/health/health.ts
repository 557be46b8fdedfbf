import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { HttpError } from '../../lib/http-errors';
import { errorResponses } from '../../schemas/common-schemas';
import { HealthSchema } from '../../schemas/health-schemas';

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
        summary: 'The process can reach its database',
        security: [],
        response: { 200: HealthSchema, ...errorResponses(503) },
      },
    },
    async (request) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'database check failed');
        throw new HttpError(503, 'Database unavailable');
      }
      return { status: 'ok' as const };
    },
  );
};

export default healthRoutes;
