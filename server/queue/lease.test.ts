import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addAgent,
  agentCall,
  claim,
  claimJob,
  createAgentWorld,
  emptyQueue,
  logOf,
  queueBuild,
  sendEvents,
  taskOf,
} from '../test/agent-fixtures';
import { api } from '../test/build-fixtures';
import { sharedWorld } from '../test/shared-world';
import { findExpiredLeases, recoverExpired } from './lease-recovery';

// Long enough that a loaded machine (CI, two cores) cannot stall a renewal past it.
const LEASE_MS = 1_000;
const w = sharedWorld(() => createAgentWorld({ leaseMs: LEASE_MS, maxAttempts: 3 }));

let agent: { id: number; token: string };

beforeAll(async () => {
  agent = await addAgent(w, 'lease-agent');
});

// Each test claims the build it queued: on an empty queue, whatever an earlier test left waiting or held.
beforeEach(() => emptyQueue(w));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Out of the way of the next test: a job left held would expire during it, on a slow machine, and be
 * claimed before that test's own (it is older).
 */
async function release(id: number) {
  const res = await agentCall(w, agent.token, 'POST', `/jobs/${id}/finish`, { status: 'failed' });
  expect(res.statusCode, res.body).toBe(200);
}

describe('leases', () => {
  it('puts a job whose agent went silent back in the queue, counting attempts, and fails it after three', async () => {
    const build = await queueBuild(w);
    for (const attempt of [1, 2, 3]) {
      const job = await claim(w, agent.token);
      expect(job).toMatchObject({ id: build.id, attempt });
      await sleep(LEASE_MS + 100);
      await w.t.app.jobQueue.sweep();
      const task = await taskOf(w, build.id);
      expect(task).toMatchObject({ status: attempt < 3 ? 'pending' : 'failed', attempts: attempt });
    }
    const log = await logOf(w, build.id);
    expect(log.filter((line) => line.includes('lease expired'))).toHaveLength(2);
    expect(log.at(-1)).toBe('Failed: the agent stopped answering on attempt 3 of 3');
    expect(await claim(w, agent.token)).toBeUndefined();
  });

  it('keeps the job while the agent calls: events and heart-beats renew the lease', async () => {
    const build = await queueBuild(w);
    const job = await claimJob(w, agent.token);
    for (let i = 0; i < 4; i++) {
      await sleep(LEASE_MS / 2);
      if (i % 2) await sendEvents(w, agent.token, job, []);
      else await agentCall(w, agent.token, 'POST', '/heartbeat', { jobs: [job.id] });
      await w.t.app.jobQueue.sweep();
    }
    expect(await taskOf(w, build.id)).toMatchObject({ status: 'in_progress', attempts: 1 });
    await release(job.id);
  });

  it('lets the lease of a job the agent no longer builds run out, heart-beats or not', async () => {
    const build = await queueBuild(w);
    const job = await claim(w, agent.token);
    expect(job?.id).toBe(build.id);
    for (let i = 0; i < 3; i++) {
      await sleep(LEASE_MS / 2);
      await agentCall(w, agent.token, 'POST', '/heartbeat', { jobs: [] });
    }
    await w.t.app.jobQueue.sweep();
    expect(await taskOf(w, build.id)).toMatchObject({ status: 'pending', attempts: 1 });
    // Out of the way of the next test.
    await w.t.app.inject({
      method: 'POST',
      url: `/api/client/firmware/tasks/${build.id}/cancel`,
      headers: { authorization: `Bearer ${w.partner.token}`, cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' },
    });
  });

  it('starts a rebuilt job at attempt 1 with a fresh log', async () => {
    const build = await queueBuild(w);
    const job = await claimJob(w, agent.token);
    await sendEvents(w, agent.token, job, [{ seq: 1, type: 'log', data: 'first round' }]);
    await agentCall(w, agent.token, 'POST', `/jobs/${job.id}/finish`, { status: 'failed', reason: 'broken' });
    const rebuild = await api(
      w,
      'POST',
      `/client/firmware/firmwares/rebuild?firmware_id=${build.id}`,
      w.partner.token,
    );
    expect(rebuild.statusCode, rebuild.body).toBeLessThan(300);
    const again = await claim(w, agent.token);
    expect(again).toMatchObject({ id: build.id, attempt: 1 });
    // The same seq as the first round is a new event in the new round.
    await sendEvents(w, agent.token, again as NonNullable<typeof again>, [
      { seq: 1, type: 'log', data: 'second round' },
    ]);
    expect(await logOf(w, build.id)).toEqual(['second round']);
    await release(build.id);
  });

  it('keeps a lease renewed after the sweep found it expired and before it acted', async () => {
    const build = await queueBuild(w);
    const job = await claim(w, agent.token);
    expect(job?.id).toBe(build.id);
    await sleep(LEASE_MS + 100);
    const expired = await findExpiredLeases(w.t.db);
    expect(expired.ids).toContain(build.id);
    // The agent's call, handled between the sweep's read and its write.
    await agentCall(w, agent.token, 'POST', '/heartbeat', { jobs: [build.id] });
    const recovered = await recoverExpired(w.t.db, expired, 3);
    expect(recovered.map((job) => job.id)).not.toContain(build.id);
    expect(await taskOf(w, build.id)).toMatchObject({ status: 'in_progress', attempts: 1 });
    await w.t.app.jobQueue.sweep();
    expect(await taskOf(w, build.id)).toMatchObject({ status: 'in_progress', attempts: 1 });
    await sleep(LEASE_MS + 100);
    await w.t.app.jobQueue.sweep();
    expect(await taskOf(w, build.id)).toMatchObject({ status: 'pending', attempts: 1 });
  });
});
