import { createHash, timingSafeEqual } from 'node:crypto';
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** In-memory request metrics and the Prometheus text writer (GET /api/metrics). */
    metrics: MetricsRegistry;
  }
}

/** Seconds. Long polls of build agents answer after ~25 s, hence the top buckets. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** The route label of requests no route matched (404s, scanners): one series, whatever the url. */
export const UNMATCHED_ROUTE = 'unmatched';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

interface Series {
  labels: string;
  /** Count per bucket (not cumulative; summed when written). */
  buckets: number[];
  sum: number;
  count: number;
}

/** One metric family in the text exposition format 0.0.4. */
export interface Family {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  samples: { labels?: Record<string, string | number>; value: number; suffix?: string }[];
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function labelText(labels: Record<string, string | number> | undefined): string {
  const entries = Object.entries(labels ?? {});
  if (entries.length === 0) return '';
  return `{${entries.map(([k, v]) => `${k}="${escapeLabel(String(v))}"`).join(',')}}`;
}

function number(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(value);
}

export function writeFamilies(families: Family[]): string {
  const lines: string[] = [];
  for (const family of families) {
    lines.push(`# HELP ${family.name} ${family.help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`);
    lines.push(`# TYPE ${family.name} ${family.type}`);
    for (const sample of family.samples)
      lines.push(`${family.name}${sample.suffix ?? ''}${labelText(sample.labels)} ${number(sample.value)}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Request durations by method, route pattern and status, counted in memory as requests end; process
 * figures read at scrape time. Nothing here touches the database: the route adds the build figures.
 */
export class MetricsRegistry {
  private readonly series = new Map<string, Series>();
  private readonly loopDelay: IntervalHistogram | undefined;
  private readonly tokenHash: Buffer | undefined;

  /** `token`: METRICS_TOKEN; unset leaves the metrics public. */
  constructor(
    token?: string,
    readonly buckets: number[] = DURATION_BUCKETS,
  ) {
    this.tokenHash = token === undefined ? undefined : sha256(token);
    try {
      this.loopDelay = monitorEventLoopDelay({ resolution: 20 });
      this.loopDelay.enable();
    } catch {
      this.loopDelay = undefined;
    }
  }

  /** Whether a scrape may read the metrics: always without METRICS_TOKEN, else `Bearer <METRICS_TOKEN>`. */
  allows(authorization: string | undefined): boolean {
    if (!this.tokenHash) return true;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    // Hashes compare in constant time whatever the lengths.
    return match !== null && timingSafeEqual(sha256(match[1]), this.tokenHash);
  }

  requestEnded(method: string, route: string, statusCode: number, seconds: number): void {
    const labels = labelText({
      method: METHODS.has(method) ? method : 'OTHER',
      route,
      status_code: statusCode,
    });
    let series = this.series.get(labels);
    if (!series) {
      series = { labels, buckets: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(labels, series);
    }
    const index = this.buckets.findIndex((le) => seconds <= le);
    if (index >= 0) series.buckets[index]++;
    series.sum += seconds;
    series.count++;
  }

  close(): void {
    this.loopDelay?.disable();
  }

  /** The HTTP and process families, in the exposition format. */
  text(extra: Family[] = []): string {
    return writeFamilies([...this.httpFamilies(), ...this.processFamilies(), ...extra]);
  }

  private httpFamilies(): Family[] {
    const lines: Family['samples'] = [];
    for (const series of this.series.values()) {
      // The labels are kept as text; `le` is appended inside the braces.
      const inner = series.labels.slice(1, -1);
      let cumulative = 0;
      this.buckets.forEach((le, i) => {
        cumulative += series.buckets[i];
        lines.push({ suffix: `_bucket{${inner},le="${le}"}`, value: cumulative });
      });
      lines.push({ suffix: `_bucket{${inner},le="+Inf"}`, value: series.count });
      lines.push({ suffix: `_sum${series.labels}`, value: series.sum });
      lines.push({ suffix: `_count${series.labels}`, value: series.count });
    }
    return [
      {
        name: 'http_request_duration_seconds',
        help: 'Time from receiving a request to sending its response, by route pattern.',
        type: 'histogram',
        samples: lines,
      },
    ];
  }

  private processFamilies(): Family[] {
    const memory = process.memoryUsage();
    const cpu = process.cpuUsage();
    const families: Family[] = [
      {
        name: 'process_resident_memory_bytes',
        help: 'Resident memory size in bytes.',
        type: 'gauge',
        samples: [{ value: memory.rss }],
      },
      {
        name: 'nodejs_heap_used_bytes',
        help: 'V8 heap in use, in bytes.',
        type: 'gauge',
        samples: [{ value: memory.heapUsed }],
      },
      {
        name: 'process_cpu_seconds_total',
        help: 'User and system CPU time spent, in seconds.',
        type: 'counter',
        samples: [{ value: (cpu.user + cpu.system) / 1e6 }],
      },
      {
        name: 'process_start_time_seconds',
        help: 'Start time of the process since the Unix epoch, in seconds.',
        type: 'gauge',
        samples: [{ value: Math.round(Date.now() / 1000 - process.uptime()) }],
      },
      {
        name: 'process_uptime_seconds',
        help: 'Seconds since the process started.',
        type: 'gauge',
        samples: [{ value: process.uptime() }],
      },
    ];
    if (this.loopDelay) {
      // Nanoseconds, sampled every 20 ms since the previous scrape (the histogram is reset after each).
      const p99 = this.loopDelay.count > 0 ? this.loopDelay.percentile(99) / 1e9 : 0;
      const max = this.loopDelay.count > 0 ? this.loopDelay.max / 1e9 : 0;
      this.loopDelay.reset();
      families.push(
        {
          name: 'nodejs_eventloop_lag_p99_seconds',
          help: '99th percentile of the event loop delay since the previous scrape.',
          type: 'gauge',
          samples: [{ value: p99 }],
        },
        {
          name: 'nodejs_eventloop_lag_max_seconds',
          help: 'Longest event loop delay since the previous scrape.',
          type: 'gauge',
          samples: [{ value: max }],
        },
      );
    }
    return families;
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
    const registry = new MetricsRegistry(options.token);
    app.decorate('metrics', registry);
    app.addHook('onResponse', async (request, reply) => {
      registry.requestEnded(request.method, routeLabel(request), reply.statusCode, reply.elapsedTime / 1000);
    });
    app.addHook('onClose', async () => registry.close());
  },
  { name: 'metrics' },
);
