import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { count, sql } from 'drizzle-orm';
import { Gauge, Registry } from 'prom-client';
import { BUILD_STATUSES } from '../../../contract/statuses';
import { buildAgents, builds } from '../db/schema';

/**
 * GET /api/metrics for Prometheus: request durations, process figures and events as they happen
 * (event-metrics.ts) from memory, and the build queue read from the database at scrape time (two small
 * queries on indexes). The database's figures are the same on every instance: dashboards and alerts take
 * their `max`, and `sum` the per-instance counters. Public unless METRICS_TOKEN is set; then it
 * needs `Authorization: Bearer <METRICS_TOKEN>` (scrapers hold no user token). Not in the OpenAPI document.
 */
const metricsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /**
   * Builds by status, the queue, and agents seen within the heartbeat window of the Agents page (workers
   * are few: that part is cheap), into `registry`.
   */
  async function buildFigures(registry: Registry): Promise<void> {
    const offlineAfterMs = app.jobQueue.options.offlineAfterMs;
    const seenSince = new Date(Date.now() - offlineAfterMs);
    const [byStatus, [agents]] = await Promise.all([
      // Every build row, removed ones too: that way the GROUP BY is an index-only scan of
      // builds_user_status_idx rather than a scan of the table (~4x cheaper at 500 000 builds).
      app.db.select({ status: builds.status, n: count() }).from(builds).groupBy(builds.status),
      app.db
        .select({
          // The claim's own condition, counted on its partial index (builds_queue_idx).
          queue:
            sql<number>`(select count(*) from ${builds} where ${builds.status} = 'pending' and ${builds.is_removed} = false)`.mapWith(
              Number,
            ),
          // The queue's head, on the same index: a queue no agent takes from shows here, while the wait
          // histogram (observed at claims) sees nothing.
          oldest:
            sql<number>`(select coalesce(extract(epoch from now() - min(${builds.queued_at})), 0) from ${builds} where ${builds.status} = 'pending' and ${builds.is_removed} = false)`.mapWith(
              Number,
            ),
          online:
            sql<number>`count(*) filter (where ${buildAgents.last_contact} >= ${seenSince.toISOString()}::timestamptz and not ${buildAgents.is_blocked})`.mapWith(
              Number,
            ),
          total: count(),
        })
        .from(buildAgents),
    ]);
    const counts = new Map(byStatus.map((row) => [row.status, Number(row.n)]));
    const registers = [registry];
    new Gauge({
      name: 'firmware_build_queue_depth',
      help: 'Builds waiting for an agent (pending, not removed).',
      registers,
    }).set(agents?.queue ?? 0);
    new Gauge({
      name: 'firmware_build_queue_oldest_seconds',
      help: 'How long the oldest build waiting for an agent has waited (0 when none waits).',
      registers,
    }).set(Math.max(0, agents?.oldest ?? 0));
    const byStatusGauge = new Gauge({
      name: 'firmware_builds',
      help: 'Builds by status, those of removed firmwares included.',
      labelNames: ['status'],
      registers,
    });
    for (const status of BUILD_STATUSES) byStatusGauge.set({ status }, counts.get(status) ?? 0);
    new Gauge({
      name: 'firmware_agents_online',
      help: `Build agents not blocked that called within the last ${offlineAfterMs / 1000} s (online or busy on the Agents page).`,
      registers,
    }).set(agents?.online ?? 0);
    new Gauge({ name: 'firmware_agents', help: 'Build agents registered.', registers }).set(
      Number(agents?.total ?? 0),
    );
  }

  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (!app.metrics.allows(request.headers.authorization)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ detail: 'Metrics token required' });
    }
    // Figures of this scrape only: a fresh registry each time, merged with the app's.
    const scrape = new Registry();
    let up = 1;
    try {
      await buildFigures(scrape);
    } catch (error) {
      // The queries come before any gauge is made: nothing of this scrape's is half there.
      request.log.warn({ err: error }, 'metrics: database figures unavailable');
      up = 0;
    }
    const registers = [scrape];
    new Gauge({
      name: 'firmware_database_up',
      help: 'Whether the database answered the queries of this scrape.',
      registers,
    }).set(up);
    new Gauge({
      name: 'firmware_shutting_down',
      help: 'Whether this instance is draining for a shutdown.',
      registers,
    }).set(app.lifecycle.draining ? 1 : 0);
    new Gauge({
      name: 'firmware_websockets_open',
      help: 'Live sockets (/api/client/ws) open on this instance, signed in or still signing in.',
      registers,
    }).set(app.websocketServer?.clients.size ?? 0);
    return reply.type(app.metrics.contentType).send(await app.metrics.text(scrape));
  });
};

export default metricsRoutes;
