import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentWorld, addAgent, createAgentWorld, FAST_QUEUE, queueBuild } from '../test/agent-fixtures';
import { createTestApp, type TestApp } from '../test/helper';
import type { BuildEventMessage } from './build-events-bus';

const onPostgres = Boolean(process.env.DATABASE_URL);
let w: AgentWorld;
let second: TestApp;

beforeAll(async () => {
  w = await createAgentWorld({ claimWaitMs: 10_000, pollMs: 10_000 });
  // A second API instance on the same database, as behind a load balancer.
  second = await createTestApp({
    db: w.t.handle,
    config: { dataDir: w.dataDir, queue: { ...FAST_QUEUE, claimWaitMs: 10_000, pollMs: 10_000 } },
  });
});
afterAll(async () => {
  await second.close();
  await w.close();
});

const message = (fw_id: number): BuildEventMessage => ({
  fw_id,
  type: 'log_build',
  data: `line ${fw_id}`,
  seq: fw_id,
});

async function until(check: () => boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

describe('the build events bus', () => {
  it('delivers in-process at once, and once', async () => {
    const got: BuildEventMessage[] = [];
    const off = w.t.app.buildEvents.onEvent((m) => got.push(m));
    await w.t.app.buildEvents.publish([message(1), message(2)]);
    expect(got).toEqual([message(1), message(2)]);
    await new Promise((r) => setTimeout(r, 300));
    expect(got).toHaveLength(2);
    off();
  });

  it.skipIf(!onPostgres)('reaches the other API instance through LISTEN/NOTIFY', async () => {
    const got: BuildEventMessage[] = [];
    const off = second.app.buildEvents.onEvent((m) => got.push(m));
    await w.t.app.buildEvents.publish([message(3)]);
    await until(() => got.length > 0);
    expect(got).toEqual([message(3)]);
    off();
  });

  it.skipIf(!onPostgres)(
    'wakes a claim waiting on the other instance when a build is submitted',
    async () => {
      const agent = await addAgent(w, 'other-instance-agent');
      const waiting = second.app.inject({
        method: 'POST',
        url: '/api/agent/jobs/claim',
        headers: { authorization: `Bearer ${agent.token}` },
      });
      await new Promise((r) => setTimeout(r, 300));
      const submitted = Date.now();
      const build = await queueBuild(w);
      const res = await waiting;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().job.id).toBe(build.id);
      expect(Date.now() - submitted).toBeLessThan(3_000);
    },
  );
});
