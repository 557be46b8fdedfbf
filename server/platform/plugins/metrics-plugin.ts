import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { EventMetrics } from '../health/event-metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** Request metrics and process figures in a Prometheus registry (GET /api/metrics). */
    metrics: MetricsRegistry;
  }
}

/** Seconds. Long polls of build agents answer after ~25 s, hence the top buckets. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** The route label of requests no route matched (404s, scanners): one series, whatever the url. */
export const UNMATCHED_ROUTE = 'unmatched';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * prom-client's registry, one per app: request durations by method, route pattern and status, counted as
 * requests end; the process's figures (prom-client's defaults, plus uptime and heap in use) read at scrape
 * time. Nothing here touches the database: the route adds the build figures for each scrape.
 */
export class MetricsRegistry {
  readonly registry = new Registry();
  /** Builds, leases, uploads, mail and webhooks as they happen (event-metrics.ts). */
  readonly events = new EventMetrics(this.registry);
  private readonly requests: Histogram<'method' | 'route' | 'status_code'>;
  private readonly tokenHash: Buffer | undefined;

  /** `token`: METRICS_TOKEN; unset leaves the metrics public. */
  constructor(token?: string, buckets: number[] = DURATION_BUCKETS) {
    this.tokenHash = token === undefined ? undefined : sha256(token);
    const registers = [this.registry];
    this.requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to sending its response, by route pattern.',
      labelNames: ['method', 'route', 'status_code'],
      buckets,
      registers,
    });
    // process_cpu_seconds_total, process_resident_memory_bytes, process_start_time_seconds,
    // nodejs_eventloop_lag_p99_seconds (since the previous scrape, sampled every 20 ms), heap, GC…
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    new Gauge({
      name: 'process_uptime_seconds',
      help: 'Seconds since the process started.',
      registers,
      collect() {
        this.set(process.uptime());
      },
    });
    new Gauge({
      name: 'nodejs_heap_used_bytes',
      help: 'V8 heap in use, in bytes.',
      registers,
      collect() {
        this.set(process.memoryUsage().heapUsed);
      },
    });
  }

  /** Whether a scrape may read the metrics: always without METRICS_TOKEN, else `Bearer <METRICS_TOKEN>`. */
  allows(authorization: string | undefined): boolean {
    if (!this.tokenHash) return true;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    // Hashes compare in constant time whatever the lengths.
    return match !== null && timingSafeEqual(sha256(match[1]), this.tokenHash);
  }

  requestEnded(method: string, route: string, statusCode: number, seconds: number): void {
    const labels = { method: METHODS.has(method) ? method : 'OTHER', route, status_code: statusCode };
    this.requests.observe(labels, seconds);
  }

  /** The exposition text of this registry and of `extra`, figures gathered for this scrape only. */
  text(extra?: Registry): Promise<string> {
    return (extra ? Registry.merge([this.registry, extra]) : this.registry).metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** The route pattern a request matched (`/api/admin/workers/:id`), never its raw url. */
export function routeLabel(request: FastifyRequest): string {
  if (request.is404) return UNMATCHED_ROUTE;
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

export interface MetricsPluginOptions {
  /** METRICS_TOKEN: when set, GET /api/metrics needs `Authorization: Bearer <token>`. */
  token?: string;
}

/** Counts every request as it ends (`reply.elapsedTime` is measured by Fastify from its arrival). */
export default fp<MetricsPluginOptions>(
  async (app, options) => {
    const metrics = new MetricsRegistry(options.token);
    app.decorate('metrics', metrics);
    app.addHook('onResponse', async (request, reply) => {
      metrics.requestEnded(request.method, routeLabel(request), reply.statusCode, reply.elapsedTime / 1000);
    });
    app.addHook('onClose', async () => metrics.registry.clear());
  },
  { name: 'metrics' },
);
