import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { WebSocket } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAgent,
  agentCall,
  type Claimed,
  claimJob,
  createAgentWorld,
  FAST_QUEUE,
  queueBuild,
} from '../../test/agent-fixtures';
import { createTestApp, type TestApp } from '../../test/helper';
import { signInSocket } from '../../test/live-socket-client';
import { moved, scrapeMetrics } from '../../test/metrics-scrape';
import { sharedWorld } from '../../test/shared-world';
import { builds } from '../db/schema';

// Issue 43 §5: each metric of things as they happen moves when the thing happens, seen through GET /api/metrics.
// Two attempts, so that the second expired lease fails its build.
const w = sharedWorld(() => createAgentWorld({ maxAttempts: 2 }));
const scrape = () => scrapeMetrics(w.t.app);

const bytes = Buffer.from('metrics artifact');
const sha = createHash('sha256').update(bytes).digest('hex');

let agent: { id: number; token: string };
let other: { id: number; token: string };

beforeAll(async () => {
  agent = await addAgent(w, 'metrics-agent');
  other = await addAgent(w, 'metrics-other-agent');
});

/** Moves a build's timestamp back by `seconds`, as if that much time had passed. */
async function backdate(id: number, column: 'queued_at' | 'started_at', seconds: number) {
  const interval = sql.raw(`interval '${seconds} seconds'`);
  await w.t.db
    .update(builds)
    .set({ [column]: sql`${builds[column]} - ${interval}` })
    .where(eq(builds.id, id));
}

function upload(token: string, job: Claimed, body = bytes, hash = sha) {
  return agentCall(w, token, 'PUT', `/jobs/${job.id}/artifact`, body, {
    'content-type': 'application/octet-stream',
    'x-sha256': hash,
  });
}

function finish(token: string, job: Claimed, body: Record<string, unknown>) {
  return agentCall(w, token, 'POST', `/jobs/${job.id}/finish`, body);
}

describe('metrics of builds as they happen', () => {
  it('a finished build moves completed, its duration and its queue wait', async () => {
    const before = await scrape();
    const build = await queueBuild(w);
    await backdate(build.id, 'queued_at', 100);
    const job = await claimJob(w, agent.token);
    expect(job.id).toBe(build.id);
    const claimed = await scrape();
    expect(moved(before, claimed, 'firmware_build_queue_wait_seconds_count')).toBe(1);
    // Waited just over 100 s: in the 120 s bucket, not in the 60 s one.
    expect(moved(before, claimed, 'firmware_build_queue_wait_seconds_bucket{le="60"}')).toBe(0);
    expect(moved(before, claimed, 'firmware_build_queue_wait_seconds_bucket{le="120"}')).toBe(1);
    expect(moved(before, claimed, 'firmware_build_queue_wait_seconds_sum')).toBeGreaterThanOrEqual(100);

    await backdate(build.id, 'started_at', 700);
    expect((await upload(agent.token, job)).statusCode).toBe(200);
    const done = await finish(agent.token, job, { status: 'done', sha256: sha, size: bytes.length });
    expect(done.json()).toEqual({ status: 'done' });
    const after = await scrape();
    expect(moved(before, after, 'firmware_builds_completed_total')).toBe(1);
    expect(moved(before, after, 'firmware_builds_failed_total')).toBe(0);
    expect(moved(before, after, 'firmware_build_duration_seconds_count{status="done"}')).toBe(1);
    expect(moved(before, after, 'firmware_build_duration_seconds_bucket{status="done",le="600"}')).toBe(0);
    expect(moved(before, after, 'firmware_build_duration_seconds_bucket{status="done",le="900"}')).toBe(1);
    expect(moved(before, after, 'firmware_artifact_upload_failures_total')).toBe(0);
  });

  it('a build its agent fails moves failed and the duration of failed builds', async () => {
    const before = await scrape();
    await queueBuild(w);
    const job = await claimJob(w, agent.token);
    const res = await finish(agent.token, job, { status: 'failed', reason: 'make: *** [all] Error 2' });
    expect(res.json()).toEqual({ status: 'failed' });
    const after = await scrape();
    expect(moved(before, after, 'firmware_builds_failed_total')).toBe(1);
    expect(moved(before, after, 'firmware_builds_completed_total')).toBe(0);
    expect(moved(before, after, 'firmware_build_duration_seconds_count{status="failed"}')).toBe(1);
    expect(moved(before, after, 'firmware_build_duration_seconds_count{status="done"}')).toBe(0);
  });

  it('an expired lease moves lease expiries; on the last attempt, failed too', async () => {
    const before = await scrape();
    const build = await queueBuild(w);
    const first = await claimJob(w, agent.token);
    // The agent goes silent and its lease runs out; the next claim's sweep takes the build back.
    await w.t.db
      .update(builds)
      .set({ lease_until: new Date(0) })
      .where(eq(builds.id, build.id));
    const second = await claimJob(w, other.token);
    expect(second).toMatchObject({ id: first.id, attempt: 2 });
    const retried = await scrape();
    expect(moved(before, retried, 'firmware_lease_expiries_total')).toBe(1);
    expect(moved(before, retried, 'firmware_builds_failed_total')).toBe(0);
    // A retry's wait would count the first attempt's time: only a run's first claim is observed.
    expect(moved(before, retried, 'firmware_build_queue_wait_seconds_count')).toBe(1);

    await w.t.db
      .update(builds)
      .set({ lease_until: new Date(0) })
      .where(eq(builds.id, build.id));
    await w.t.app.jobQueue.sweep();
    const after = await scrape();
    expect(moved(before, after, 'firmware_lease_expiries_total')).toBe(2);
    expect(moved(before, after, 'firmware_builds_failed_total')).toBe(1);
    // Nobody's agent ended it: no duration observed.
    expect(moved(before, after, 'firmware_build_duration_seconds_count{status="failed"}')).toBe(0);
  });

  it('a refused upload moves upload failures, once per upload', async () => {
    const before = await scrape();
    await queueBuild(w);
    const job = await claimJob(w, agent.token);
    const wrongHash = await upload(agent.token, job, bytes, 'f'.repeat(64));
    expect(wrongHash.statusCode).toBe(422);
    const notHeld = await upload(other.token, job);
    expect(notHeld.statusCode).toBe(409);
    const middle = await scrape();
    expect(moved(before, middle, 'firmware_artifact_upload_failures_total')).toBe(2);

    expect((await upload(agent.token, job)).statusCode).toBe(200);
    const after = await scrape();
    expect(moved(before, after, 'firmware_artifact_upload_failures_total')).toBe(2);
    await finish(agent.token, job, { status: 'failed' });
  });

  it('registers webhook failures at 0: the console sends no webhook yet', async () => {
    const samples = await scrape();
    expect(samples.get('firmware_webhook_failures_total')).toBe(0);
  });
});

describe('the open-WebSockets gauge', () => {
  it('counts a live socket while it is open, signed in or not', async () => {
    // Real sockets over TCP: injectWS's in-memory stream never closes the server's side.
    const url = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    const open = async () => {
      const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/client/ws`);
      await new Promise((resolve, reject) => {
        ws.addEventListener('open', resolve);
        ws.addEventListener('error', reject);
      });
      return ws;
    };
    const gauge = async () => (await scrape()).get('firmware_websockets_open');
    expect(await gauge()).toBe(0);
    const socket = await open();
    await signInSocket(socket, w.admin.token);
    expect(await gauge()).toBe(1);
    const unsigned = await open();
    expect(await gauge()).toBe(2);

    socket.close();
    await expect.poll(gauge, { timeout: 10_000 }).toBe(1);
    unsigned.close();
    await expect.poll(gauge, { timeout: 10_000 }).toBe(0);
  });
});

describe('with two instances on one database', () => {
  let second: TestApp;
  const scrapeBoth = async () => [await scrape(), await scrapeMetrics(second.app)];
  const total = (scrapes: Map<string, number>[], name: string) =>
    scrapes.reduce((sum, samples) => sum + (samples.get(name) ?? 0), 0);

  beforeAll(async () => {
    second = await createTestApp({
      db: w.t.handle,
      config: { dataDir: w.dataDir, queue: { ...FAST_QUEUE, maxAttempts: 2 } },
    });
  });
  afterAll(() => second?.close());

  it('each change is counted once, by the instance that made it', async () => {
    const before = await scrapeBoth();
    const build = await queueBuild(w);
    const job = await claimJob(w, agent.token);
    // The finish reaches the other instance (the balancer chose it).
    const res = await second.app.inject({
      method: 'POST',
      url: `/api/agent/jobs/${job.id}/finish`,
      headers: { authorization: `Bearer ${agent.token}` },
      payload: { status: 'failed' },
    });
    expect(res.json()).toEqual({ status: 'failed' });
    const ended = await scrapeBoth();
    const [first, other] = ended;
    expect(moved(before[0], first, 'firmware_build_queue_wait_seconds_count')).toBe(1);
    expect(moved(before[1], other, 'firmware_build_queue_wait_seconds_count')).toBe(0);
    expect(moved(before[0], first, 'firmware_builds_failed_total')).toBe(0);
    expect(moved(before[1], other, 'firmware_builds_failed_total')).toBe(1);
    // The database's figures are the same whichever instance answers.
    expect(first.get('firmware_build_queue_depth')).toBe(other.get('firmware_build_queue_depth'));

    // Both instances sweep the same expired lease at once: one of them takes it back.
    await queueBuild(w);
    const held = await claimJob(w, agent.token);
    expect(held.id).not.toBe(build.id);
    await w.t.db
      .update(builds)
      .set({ lease_until: new Date(0) })
      .where(eq(builds.id, held.id));
    await Promise.all([w.t.app.jobQueue.sweep(), second.app.jobQueue.sweep()]);
    const swept = await scrapeBoth();
    const expiries = (scrapes: Map<string, number>[]) => total(scrapes, 'firmware_lease_expiries_total');
    expect(expiries(swept) - expiries(before)).toBe(1);
    const again = await claimJob(w, agent.token);
    await finish(agent.token, again, { status: 'failed' });
  });
});
