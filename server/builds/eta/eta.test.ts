// Issue 16 item 5: queue position and the expected start and finish of pending and running builds.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Build } from '../../../contract/schemas/build-schemas';
import type { Task } from '../../../contract/schemas/tasks-schemas';
import { buildAgents, builds } from '../../platform/db/schema';
import { type AgentWorld, addAgent, claim, createAgentWorld, queueBuild } from '../../test/agent-fixtures';
import { api } from '../../test/build-fixtures';
import { forgetEstimates, playQueue } from './eta';

const MIN = 60_000;

describe('playQueue', () => {
  const durations = { bySeries: new Map([['x19', 10 * MIN]]), overall: 5 * MIN };
  const now = Date.parse('2026-01-01T12:00:00Z');
  const at = (ms: number) => new Date(ms).toISOString();

  it('plays pending builds out on the agent free first, each taking its series median', () => {
    const estimates = playQueue({
      now,
      agentsOnline: 2,
      running: [{ id: 1, series: 'x19', startedAt: now - 4 * MIN }],
      pending: [
        { id: 2, series: 'x19' },
        { id: 3, series: 'x21' },
        { id: 4, series: 'x19' },
      ],
      durations,
    });
    expect(estimates.get(1)).toEqual({
      queue_position: null,
      estimated_start_at: null,
      estimated_finish_at: at(now + 6 * MIN),
    });
    // The idle agent takes #1 now; #2 (a series never built: the overall median) goes to the busy one.
    expect(estimates.get(2)).toEqual({
      queue_position: 1,
      estimated_start_at: at(now),
      estimated_finish_at: at(now + 10 * MIN),
    });
    expect(estimates.get(3)).toEqual({
      queue_position: 2,
      estimated_start_at: at(now + 6 * MIN),
      estimated_finish_at: at(now + 11 * MIN),
    });
    expect(estimates.get(4)).toEqual({
      queue_position: 3,
      estimated_start_at: at(now + 10 * MIN),
      estimated_finish_at: at(now + 20 * MIN),
    });
  });

  it('an overdue running build is expected to finish now, not in the past', () => {
    const estimates = playQueue({
      now,
      agentsOnline: 1,
      running: [{ id: 1, series: 'x19', startedAt: now - 30 * MIN }],
      pending: [],
      durations,
    });
    expect(estimates.get(1)?.estimated_finish_at).toBe(at(now));
  });

  it('knows positions but no times without an agent online or any history', () => {
    const pending = [{ id: 2, series: 'x19' }];
    expect(playQueue({ now, agentsOnline: 0, running: [], pending, durations }).get(2)).toEqual({
      queue_position: 1,
      estimated_start_at: null,
      estimated_finish_at: null,
    });
    const none = { bySeries: new Map(), overall: undefined };
    expect(playQueue({ now, agentsOnline: 1, running: [], pending, durations: none }).get(2)).toEqual({
      queue_position: 1,
      estimated_start_at: null,
      estimated_finish_at: null,
    });
  });
});

describe('estimates on the task and build lists', () => {
  let w: AgentWorld;
  let agent: { id: number; token: string };
  let running: Build;
  let first: Build;
  let second: Build;
  let runningStart: number;

  beforeAll(async () => {
    w = await createAgentWorld();
    agent = await addAgent(w, 'eta-agent');
    // History: three x19 builds an agent ran, in 60, 90 and 120 s (median 90 s).
    const history = [await queueBuild(w), await queueBuild(w), await queueBuild(w)];
    const end = Date.now() - 10 * MIN;
    for (const [index, seconds] of [60, 90, 120].entries()) {
      await w.t.db
        .update(builds)
        .set({
          status: 'done',
          progress: 100,
          attempts: 1,
          started_at: new Date(end - seconds * 1000),
          finished_at: new Date(end),
        })
        .where(eq(builds.id, history[index].id));
    }
    running = await queueBuild(w);
    expect((await claim(w, agent.token))?.id).toBe(running.id);
    runningStart = Date.now() - 30_000;
    await w.t.db
      .update(builds)
      .set({ started_at: new Date(runningStart) })
      .where(eq(builds.id, running.id));
    first = await queueBuild(w);
    second = await queueBuild(w);
    await w.t.db.update(buildAgents).set({ last_contact: new Date() }).where(eq(buildAgents.id, agent.id));
    forgetEstimates(w.t.db);
  });
  afterAll(() => w.close());
  // One agent online, the running build's: whatever an earlier test made of the agents.
  beforeEach(async () => {
    await w.t.db.update(buildAgents).set({ last_contact: new Date(Date.now() - 60 * MIN) });
    await w.t.db.update(buildAgents).set({ last_contact: new Date() }).where(eq(buildAgents.id, agent.id));
    forgetEstimates(w.t.db);
  });

  const tasks = async () => {
    const res = await api(w, 'GET', '/client/firmware/tasks', w.partner.token);
    expect(res.statusCode, res.body).toBe(200);
    return new Map(res.json<Task[]>().map((task) => [task.id, task]));
  };
  const setBuilds = async () => {
    const res = await api(w, 'GET', `/client/firmware/firmwares?group_id=${w.set.id}`, w.partner.token);
    expect(res.statusCode, res.body).toBe(200);
    return new Map(res.json<Build[]>().map((build) => [build.id, build]));
  };
  const at = (ms: number) => new Date(ms).toISOString();

  it('with one agent: the running build ends after the median, the queue after it in turn', async () => {
    const list = await tasks();
    const end = runningStart + 90_000;
    expect(list.get(running.id)).toMatchObject({
      status: 'in_progress',
      queue_position: null,
      estimated_start_at: null,
      estimated_finish_at: at(end),
    });
    expect(list.get(first.id)).toMatchObject({
      queue_position: 1,
      estimated_start_at: at(end),
      estimated_finish_at: at(end + 90_000),
    });
    expect(list.get(second.id)).toMatchObject({
      queue_position: 2,
      estimated_start_at: at(end + 90_000),
      estimated_finish_at: at(end + 180_000),
    });
    // Finished builds carry no estimate.
    const done = [...list.values()].find((task) => task.status === 'done');
    expect(done).toMatchObject({ queue_position: null, estimated_start_at: null, estimated_finish_at: null });
  });

  it('the set page’s builds carry the same', async () => {
    const list = await setBuilds();
    const end = runningStart + 90_000;
    expect(list.get(running.id)).toMatchObject({ estimated_finish_at: at(end) });
    expect(list.get(first.id)).toMatchObject({ queue_position: 1, estimated_start_at: at(end) });
    expect(list.get(second.id)).toMatchObject({
      queue_position: 2,
      estimated_finish_at: at(end + 180_000),
    });
  });

  it('a second agent online takes the first pending build before the running one ends', async () => {
    const extra = await addAgent(w, 'eta-agent-2');
    await w.t.db
      .update(buildAgents)
      .set({ last_contact: new Date() })
      .where(inArray(buildAgents.id, [agent.id, extra.id]));
    forgetEstimates(w.t.db);
    const list = await tasks();
    const end = runningStart + 90_000;
    const firstStart = Date.parse(list.get(first.id)?.estimated_start_at ?? '');
    expect(firstStart).toBeLessThan(end);
    expect(list.get(second.id)).toMatchObject({ queue_position: 2, estimated_start_at: at(end) });
  });

  it('with no agent online, pending builds keep their place but have no times', async () => {
    await w.t.db.update(buildAgents).set({ last_contact: new Date(Date.now() - 60 * MIN) });
    forgetEstimates(w.t.db);
    const list = await tasks();
    expect(list.get(first.id)).toMatchObject({
      queue_position: 1,
      estimated_start_at: null,
      estimated_finish_at: null,
    });
    // The running build's end is still expected (its agent holds a lease).
    expect(list.get(running.id)?.estimated_finish_at).toBe(at(runningStart + 90_000));
  });
});
