import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { builds } from './db/schema';

/**
 * Registered by app.ts only with BENCH_BASELINE=1 (bench/lists.ts), outside the API's route list and its
 * authentication, never in production: the bare indexed 20-row query the builds lists are compared with —
 * no authentication, no joins, no count, the same driver and ORM.
 */
const benchBaselineRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { user_id?: string } }>(
    '/bench/baseline/builds',
    { config: { public: true } },
    async (request) =>
      app.db
        .select()
        .from(builds)
        .where(
          and(
            eq(builds.user_id, Number(request.query.user_id)),
            eq(builds.task_hidden, false),
            eq(builds.is_removed, false),
          ),
        )
        .orderBy(desc(builds.queued_at), desc(builds.id))
        .limit(20),
  );
};

export default benchBaselineRoutes;
