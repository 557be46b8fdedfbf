import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgent, agentCall, claim, createAgentWorld, queueBuild } from '../../test/agent-fixtures';
import { api } from '../../test/build-fixtures';
import { createTestApp, type TestApp } from '../../test/helper';
import { scrapeMetrics } from '../../test/metrics-scrape';
import { sharedWorld } from '../../test/shared-world';

const w = sharedWorld(createAgentWorld);

/** The samples of a scrape of the shared world's app (or `app`). */
const scrape = (app = w.t.app, headers: Record<string, string> = {}) => scrapeMetrics(app, headers);

const series = (route: string, status: number, method = 'GET') =>
  `{method="${method}",route="${route}",status_code="${status}"}`;

describe('GET /api/metrics', () => {
  it('counts requests in a histogram under their route pattern, not their url', async () => {
    const before = await scrape();
    for (let i = 0; i < 3; i++) await w.t.app.inject({ method: 'GET', url: '/api/health/live' });
    for (const id of [9991, 9992]) {
      const res = await api(w, 'DELETE', `/admin/workers/${id}`, w.admin.token);
      expect(res.statusCode).toBe(404);
    }
    await w.t.app.inject({ method: 'GET', url: '/api/no-such-thing/123' });
    const after = await scrape();

    const live = series('/api/health/live', 200);
    expect(
      (after.get(`http_request_duration_seconds_count${live}`) ?? 0) -
        (before.get(`http_request_duration_seconds_count${live}`) ?? 0),
    ).toBe(3);
    // Buckets are cumulative and end with +Inf = count; the sum is the total of durations.
    const inner = live.slice(1, -1);
    const buckets = [...after.entries()].filter(([name]) =>
      name.startsWith(`http_request_duration_seconds_bucket{${inner},le=`),
    );
    expect(buckets.length).toBeGreaterThan(5);
    expect(buckets.map(([, v]) => v)).toEqual([...buckets.map(([, v]) => v)].sort((a, b) => a - b));
    expect(after.get(`http_request_duration_seconds_bucket{${inner},le="+Inf"}`)).toBe(
      after.get(`http_request_duration_seconds_count${live}`),
    );
    expect(after.get(`http_request_duration_seconds_sum${live}`)).toBeGreaterThan(0);

    // Two agents' ids, one series: the pattern is the label.
    expect(
      after.get(`http_request_duration_seconds_count${series('/api/admin/workers/:id', 404, 'DELETE')}`),
    ).toBe(2);
    const names = [...after.keys()].join('\n');
    expect(names).not.toContain('9991');
    expect(names).not.toContain('no-such-thing');
    expect(
      after.get(`http_request_duration_seconds_count${series('unmatched', 404)}`),
    ).toBeGreaterThanOrEqual(1);

    // Process figures are there too.
    expect(after.get('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(after.get('process_uptime_seconds')).toBeGreaterThan(0);
    expect(after.has('nodejs_eventloop_lag_p99_seconds')).toBe(true);
  });

  it('reports the build queue and builds by status from the database', async () => {
    const empty = await scrape();
    expect(empty.get('firmware_build_queue_depth')).toBe(0);
    expect(empty.get('firmware_builds{status="pending"}')).toBe(0);

    for (let i = 0; i < 3; i++) await queueBuild(w);
    const agent = await addAgent(w, 'metrics-queue-agent');
    expect(await claim(w, agent.token)).toBeDefined();

    const after = await scrape();
    expect(after.get('firmware_build_queue_depth')).toBe(2);
    expect(after.get('firmware_builds{status="pending"}')).toBe(2);
    expect(after.get('firmware_builds{status="in_progress"}')).toBe(1);
    expect(after.get('firmware_builds{status="done"}')).toBe(0);
    expect(after.get('firmware_builds{status="failed"}')).toBe(0);
    expect(after.get('firmware_builds{status="cancelled"}')).toBe(0);
    expect(after.get('firmware_database_up')).toBe(1);
  });

  it('counts an agent online once it has called within the heartbeat window', async () => {
    const before = await scrape();
    const agent = await addAgent(w, 'metrics-heartbeat-agent');
    const registered = await scrape();
    expect(registered.get('firmware_agents')).toBe((before.get('firmware_agents') ?? 0) + 1);
    expect(registered.get('firmware_agents_online')).toBe(before.get('firmware_agents_online'));

    const res = await agentCall(w, agent.token, 'POST', '/heartbeat', { releases: [], sources: [] });
    expect(res.statusCode, res.body).toBe(200);
    const online = await scrape();
    expect(online.get('firmware_agents_online')).toBe((before.get('firmware_agents_online') ?? 0) + 1);

    // The Agents page says the same.
    const listed = await api(w, 'GET', '/admin/workers', w.admin.token);
    const shown = listed.json<{ status: string }[]>().filter((agent) => agent.status !== 'offline');
    expect(shown.length).toBe(online.get('firmware_agents_online'));
  });

  it('is left out of the OpenAPI document', async () => {
    const res = await w.t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.json<{ paths: Record<string, unknown> }>().paths['/api/metrics']).toBeUndefined();
  });
});

describe('GET /api/metrics with METRICS_TOKEN set', () => {
  let guarded: TestApp;

  beforeAll(async () => {
    guarded = await createTestApp({
      db: w.t.handle,
      config: { dataDir: w.dataDir, metricsToken: 'scrape-secret' },
    });
  });
  afterAll(() => guarded.close());

  it('needs the bearer METRICS_TOKEN; a user token is not enough', async () => {
    const none = await guarded.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(none.json()).toEqual({ detail: 'Metrics token required' });

    for (const authorization of [
      'Bearer wrong-secret',
      'Bearer scrape-secre',
      `Bearer ${w.admin.token}`,
      'scrape-secret',
    ]) {
      const res = await guarded.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization },
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.body).not.toContain('firmware_builds');
    }

    const samples = await scrape(guarded.app, { authorization: 'Bearer scrape-secret' });
    expect(samples.has('firmware_build_queue_depth')).toBe(true);
  });

  it('is public when METRICS_TOKEN is unset', async () => {
    const res = await w.t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(200);
  });
});
