import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { builds } from './db/schema';

/**
 * Registered by app.ts only with BENCH_BASELINE=1 (bench/lists.ts), outside the API's route list and its
 * authentication, never in production: the bare indexed 20-row query the builds lists are compared with, and the bare count of a range of
 * builds the dashboards (bench/dashboard.ts) are —
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
  // Issue 42: the dashboards' floor: counting a range's builds from the index of queue times, no grouping.
  app.get<{ Querystring: { hours?: string } }>(
    '/bench/baseline/builds-range',
    { config: { public: true } },
    async (request) =>
      app.db
        .select({ n: count() })
        .from(builds)
        .where(gte(builds.queued_at, sql`now() - ${`${Number(request.query.hours ?? 24)} hours`}::interval`)),
  );
};

export default benchBaselineRoutes;
