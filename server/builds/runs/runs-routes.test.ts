import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BuildRun } from '../../../contract/schemas/runs-schemas';
import {
  addAgent,
  agentCall,
  claim,
  createAgentWorld,
  emptyQueue,
  queueBuild,
  sendEvents,
  taskOf,
} from '../../test/agent-fixtures';
import { api } from '../../test/build-fixtures';
import { expectError } from '../../test/helper';
import { sharedWorld } from '../../test/shared-world';

// Issue 17, item 1: every run of a build is kept, with its own log and the agent's name as it was.
const w = sharedWorld(createAgentWorld);

const FW = '/client/firmware/firmwares';
const bytes = Buffer.from('run one artifact');
const sha = createHash('sha256').update(bytes).digest('hex');

async function runsOf(id: number, token = w.partner.token): Promise<BuildRun[]> {
  const res = await api(w, 'GET', `${FW}/${id}/runs`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function logLines(id: number, query = '', token = w.partner.token): Promise<string[]> {
  const res = await api(w, 'GET', `${FW}/${id}/log${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ lines: { line: string }[] }>().lines.map((l) => l.line);
}

/** Builds `id` to done with `agent`: a log line of its own, an artifact, finish. */
async function buildWith(agent: { token: string }, id: number, line: string) {
  const job = await claim(w, agent.token);
  expect(job?.id).toBe(id);
  if (!job) throw new Error('no job');
  expect((await sendEvents(w, agent.token, job, [{ seq: 1, type: 'log', data: line }])).statusCode).toBe(200);
  const put = await agentCall(w, agent.token, 'PUT', `/jobs/${id}/artifact`, bytes, {
    'content-type': 'application/octet-stream',
    'x-sha256': sha,
  });
  expect(put.statusCode, put.body).toBe(200);
  const fin = await agentCall(w, agent.token, 'POST', `/jobs/${id}/finish`, {
    status: 'done',
    sha256: sha,
    size: bytes.length,
  });
  expect(fin.json()).toEqual({ status: 'done' });
}

/** A build `agentName`'s new agent built to done (run 1), then rebuilt: run 2 waits, on an empty queue. */
async function builtAndRebuilt(agentName: string) {
  const agent = await addAgent(w, agentName);
  const build = await queueBuild(w);
  await buildWith(agent, build.id, 'compiled in run one');
  const rebuilt = await api(w, 'POST', `${FW}/rebuild?firmware_id=${build.id}`, w.partner.token);
  expect(rebuilt.statusCode, rebuilt.body).toBe(200);
  return build;
}

describe('build history', () => {
  // Each test's agent claims the build it queued.
  beforeEach(() => emptyQueue(w));

  it('a rebuild keeps run 1 with its release, agent, digest and log', async () => {
    const build = await builtAndRebuilt('runner-one');

    const runs = await runsOf(build.id);
    expect(runs.map((run) => [run.run, run.status, run.is_latest])).toEqual([
      [2, 'pending', true],
      [1, 'done', false],
    ]);
    expect(runs[1]).toMatchObject({
      agent_name: 'runner-one',
      release_version: build.release_version,
      sha256: sha,
      file_size: bytes.length,
    });
    expect(runs[1].started_at).not.toBeNull();
    expect(runs[1].finished_at).not.toBeNull();
    expect(runs[1].commits.map((c) => c.repository)).toEqual(expect.arrayContaining(['firmware-x19']));

    // The latest run's log is empty but for what the queue says; run 1's lines are still there.
    expect(await logLines(build.id)).not.toContain('compiled in run one');
    expect(await logLines(build.id, '?run=1')).toContain('compiled in run one');
    const text = await api(w, 'GET', `${FW}/${build.id}/log.txt?run=1`, w.partner.token);
    expect(text.body).toContain('compiled in run one');
  });

  it('the second run gets its own agent and log; deleting the agents keeps their names', async () => {
    const { id: buildId } = await builtAndRebuilt('history-one');
    const second = await addAgent(w, 'runner-two');
    await buildWith(second, buildId, 'compiled in run two');
    expect(await logLines(buildId)).toContain('compiled in run two');
    expect(await logLines(buildId)).not.toContain('compiled in run one');

    for (const name of ['history-one', 'runner-two']) {
      const list = await api(w, 'GET', '/admin/workers', w.admin.token);
      const id = list.json<{ id: number; name: string }[]>().find((a) => a.name === name)?.id;
      expect((await api(w, 'DELETE', `/admin/workers/${id}`, w.admin.token)).statusCode).toBe(204);
    }
    const runs = await runsOf(buildId);
    expect(runs.map((run) => [run.run, run.agent_name])).toEqual([
      [2, 'runner-two'],
      [1, 'history-one'],
    ]);
    // The task list's Agent column: the latest run's agent, still named.
    expect(await taskOf(w, buildId)).toMatchObject({ status: 'done', worker_name: 'runner-two' });
  });

  it('a rebuild of a build still queued ends its run as cancelled, not queued for ever', async () => {
    const queued = await queueBuild(w);
    const rebuilt = await api(w, 'POST', `${FW}/rebuild?firmware_id=${queued.id}`, w.partner.token);
    expect(rebuilt.statusCode, rebuilt.body).toBe(200);
    const runs = await runsOf(queued.id);
    expect(runs.map((run) => [run.run, run.status])).toEqual([
      [2, 'pending'],
      [1, 'cancelled'],
    ]);
    expect(runs[1].finished_at).not.toBeNull();
  });

  it('answers another partner 404 and a partner on the admin path 403; admins see any', async () => {
    const { id: buildId } = await builtAndRebuilt('runner-three');
    expectError(await api(w, 'GET', `${FW}/${buildId}/runs`, w.other.token), 404);
    expectError(await api(w, 'GET', `${FW}/${buildId}/log?run=1`, w.other.token), 404);
    expectError(await api(w, 'GET', `/admin/firmwares/${buildId}/runs`, w.partner.token), 403);
    const admin = await api(w, 'GET', `/admin/firmwares/${buildId}/runs`, w.admin.token);
    expect(admin.statusCode).toBe(200);
    expect(admin.json<BuildRun[]>()).toHaveLength(2);
    expectError(await api(w, 'GET', `${FW}/${buildId}/log?run=3`, w.partner.token), 404);
  });
});
