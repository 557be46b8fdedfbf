import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addAgent,
  agentCall,
  claim,
  createAgentWorld,
  logOf,
  queueAndClaim,
  queueBuild,
  sendEvents,
  taskOf,
} from '../test/agent-fixtures';
import { api, getSet } from '../test/build-fixtures';
import { expectError } from '../test/helper';
import { sharedWorld } from '../test/shared-world';

// Builds the tests claim and leave must not come back mid-file when their lease runs out on a slow or loaded
// machine (a 60 s lease did, issue 40); no test here waits for a lease.
const w = sharedWorld(() => createAgentWorld({ leaseMs: 24 * 3_600_000, maxAttempts: 3 }));

let one: { id: number; token: string };
let two: { id: number; token: string };

beforeAll(async () => {
  one = await addAgent(w, 'agent-one');
  two = await addAgent(w, 'agent-two');
});

/** Claims whatever is pending so that every test starts with an empty queue. */
async function drain() {
  while (await claim(w, one.token)) {
    // claimed and left to finish nowhere: tests below that care use their own builds
  }
}

describe('claim', () => {
  it('answers 204 after the wait when nothing is pending', async () => {
    await drain();
    const started = Date.now();
    const res = await agentCall(w, one.token, 'POST', '/jobs/claim');
    expect(res.statusCode).toBe(204);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('gives the oldest pending job with everything the build needs, and marks it in progress', async () => {
    await drain();
    const first = await queueBuild(w);
    const second = await queueBuild(w);
    const job = await claim(w, one.token);
    expect(job).toMatchObject({ id: first.id, uuid: first.uuid, attempt: 1 });
    expect(job?.spec).toMatchObject({ build: { uuid: first.uuid }, release: { version: '1.0.0' } });
    expect(await taskOf(w, first.id)).toMatchObject({
      status: 'in_progress',
      worker_name: 'agent-one',
      attempts: 1,
    });
    expect(await taskOf(w, second.id)).toMatchObject({ status: 'pending' });
    // The set's counters follow.
    expect(await getSet(w, w.partner.token, w.set.id)).toMatchObject({
      count_in_progress: expect.any(Number),
    });
  });

  it('never gives one job to two agents claiming at the same time', async () => {
    await drain();
    const queued = await Promise.all(Array.from({ length: 6 }, () => queueBuild(w)));
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) => claim(w, i % 2 ? one.token : two.token)),
    );
    const ids = claims.flatMap((job) => (job ? [job.id] : []));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(queued.map((b) => b.id).sort());
  });

  it('wakes a waiting claim as soon as a build is submitted (long poll)', async () => {
    await drain();
    // The claim waits and polls far longer than the test may run: only the submit's wake-up can answer it in
    // time, so no clock reading is needed (a timed bound failed under load, issue 40).
    const slow = await createAgentWorld({ claimWaitMs: 600_000, pollMs: 600_000 });
    try {
      const agent = await addAgent(slow, 'waiting-agent');
      const waiting = claim(slow, agent.token);
      await new Promise((r) => setTimeout(r, 200));
      const build = await queueBuild(slow);
      const job = await waiting;
      expect(job?.id).toBe(build.id);
    } finally {
      await slow.close();
    }
  });
});

describe('events', () => {
  it('stores a retried batch once and answers running; progress moves', async () => {
    await drain();
    const job = await queueAndClaim(w, one.token);
    const batch = [
      { seq: 1, type: 'log' as const, data: 'Fetching sources' },
      { seq: 2, type: 'progress' as const, data: 40 },
      { seq: 3, type: 'log' as const, data: 'Packing' },
    ];
    for (let i = 0; i < 2; i++) {
      const res = await sendEvents(w, one.token, job, batch);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ state: 'running' });
    }
    expect(await logOf(w, job.id)).toEqual(['Fetching sources', 'Packing']);
    expect(await taskOf(w, job.id)).toMatchObject({ progress: 40 });
  });

  it('is refused (409) to an agent that does not hold the job, or for another attempt', async () => {
    await drain();
    const job = await queueAndClaim(w, one.token);
    expectError(await sendEvents(w, two.token, job, []), 409);
    expectError(await sendEvents(w, one.token, { ...job, attempt: job.attempt + 1 }, []), 409);
  });

  it('carries a cancel to the agent in its next answer, and the job ends cancelled', async () => {
    await drain();
    const job = await queueAndClaim(w, one.token);
    const cancel = await api(w, 'POST', `/client/firmware/tasks/${job.id}/cancel`, w.partner.token);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'in_progress', cancel_requested: true });
    const res = await sendEvents(w, one.token, job, [{ seq: 1, type: 'log', data: 'still going' }]);
    expect(res.json()).toEqual({ state: 'cancelling' });
    const finish = await agentCall(w, one.token, 'POST', `/jobs/${job.id}/finish`, {
      status: 'failed',
      reason: 'Build cancelled',
    });
    expect(finish.json()).toEqual({ status: 'cancelled' });
    expect(await taskOf(w, job.id)).toMatchObject({ status: 'cancelled' });
  });
});

describe('artifact and finish', () => {
  const bytes = Buffer.from('a small artifact');
  const sha = createHash('sha256').update(bytes).digest('hex');
  const upload = (token: string, id: number, body: Buffer, sha256: string) =>
    agentCall(w, token, 'PUT', `/jobs/${id}/artifact`, body, {
      'content-type': 'application/octet-stream',
      'x-sha256': sha256,
    });

  it('refuses an upload whose checksum does not match, and a done without a matching upload', async () => {
    await drain();
    const job = await queueAndClaim(w, one.token);
    const bad = await upload(one.token, job.id, bytes, sha.replace(/^./, sha[0] === 'a' ? 'b' : 'a'));
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['header', 'x-sha256']);
    const done = await agentCall(w, one.token, 'POST', `/jobs/${job.id}/finish`, {
      status: 'done',
      sha256: sha,
      size: bytes.length,
    });
    expect(done.statusCode, done.body).toBe(422);
    expect(await taskOf(w, job.id)).toMatchObject({ status: 'in_progress' });
  });

  it('takes a matching upload and finishes done at 100 % with the artifact downloadable', async () => {
    await drain();
    const build = await queueBuild(w);
    const job = await claim(w, one.token);
    expect(job?.id).toBe(build.id);
    const ok = await upload(one.token, build.id, bytes, sha);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ sha256: sha, size: bytes.length });
    const finish = await agentCall(w, one.token, 'POST', `/jobs/${build.id}/finish`, {
      status: 'done',
      sha256: sha,
      size: bytes.length,
    });
    expect(finish.json()).toEqual({ status: 'done' });
    expect(await taskOf(w, build.id)).toMatchObject({ status: 'done', progress: 100 });
    expect(await w.t.app.artifacts.size({ uuid: build.uuid, sha256: sha })).toBe(bytes.length);
    // Finishing twice is refused: the job is no longer held.
    expectError(await agentCall(w, one.token, 'POST', `/jobs/${build.id}/finish`, { status: 'failed' }), 409);
  });

  it('stores the reason of a failure in the log', async () => {
    await drain();
    const job = await queueAndClaim(w, one.token);
    await agentCall(w, one.token, 'POST', `/jobs/${job.id}/finish`, {
      status: 'failed',
      reason: 'disk full',
    });
    expect(await taskOf(w, job.id)).toMatchObject({ status: 'failed' });
    expect(await logOf(w, job.id)).toContain('Failed: disk full');
  });
});

describe('sources', () => {
  it("serves a held job's repository at its tag as a tar, and nothing else", async () => {
    await drain();
    const job = await queueAndClaim(w, one.token);
    const res = await agentCall(w, one.token, 'GET', `/jobs/${job.id}/sources/firmware-x19?tag=v1.0.0`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-tar');
    expect(res.rawPayload.subarray(257, 262).toString()).toBe('ustar');
    expectError(await agentCall(w, one.token, 'GET', `/jobs/${job.id}/sources/firmware-x19?tag=v1.1.0`), 404);
    expectError(await agentCall(w, two.token, 'GET', `/jobs/${job.id}/sources/firmware-x19?tag=v1.0.0`), 409);
    expect((await agentCall(w, two.token, 'GET', '/sources/web-ui?tag=v1.0.0')).statusCode).toBe(200);
    expectError(await agentCall(w, two.token, 'GET', '/sources/web-ui?tag=develop'), 404);
  });
});

describe('tokens', () => {
  it('refuses a missing, garbage or unknown token with 401 and a blocked agent with 403', async () => {
    expectError(await w.t.app.inject({ method: 'POST', url: '/api/agent/heartbeat', payload: {} }), 401);
    expectError(await agentCall(w, 'garbage', 'POST', '/heartbeat', {}), 401);
    const blocked = await addAgent(w, 'soon-blocked');
    expect((await agentCall(w, blocked.token, 'POST', '/heartbeat', {})).statusCode).toBe(200);
    await api(w, 'PUT', `/admin/workers/${blocked.id}`, w.admin.token, { is_blocked: true });
    expectError(await agentCall(w, blocked.token, 'POST', '/heartbeat', {}), 403, 'Agent is blocked');
  });

  it('puts the job of an agent blocked or deleted mid-build back in the queue at once', async () => {
    await drain();
    for (const action of ['block', 'delete'] as const) {
      const agent = await addAgent(w, `mid-build-${action}`);
      const build = await queueBuild(w);
      expect((await claim(w, agent.token))?.id).toBe(build.id);
      const res =
        action === 'block'
          ? await api(w, 'PUT', `/admin/workers/${agent.id}`, w.admin.token, { is_blocked: true })
          : await api(w, 'DELETE', `/admin/workers/${agent.id}`, w.admin.token);
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(await taskOf(w, build.id)).toMatchObject({ status: 'pending', attempts: 1 });
      expect((await agentCall(w, agent.token, 'POST', '/heartbeat', {})).statusCode).toBe(
        action === 'block' ? 403 : 401,
      );
      expect((await claim(w, one.token))?.id).toBe(build.id);
    }
  });
});
