// Issue 36 finding 4: the queue shares the agents between accounts. A partner who queues many builds does not
// put every other partner behind all of them: each account's next build takes its turn (round robin by account,
// an account's running builds counting as turns taken), and the places shown to partners follow that order.
import { describe, expect, it } from 'vitest';
import { addAgent, claimJob, createAgentWorld, queueBuild } from '../test/agent-fixtures';
import { api, createSet } from '../test/build-fixtures';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createAgentWorld);

type Task = { id: number; status: string; queue_position: number | null };

async function positionOf(token: string, id: number): Promise<number | null | undefined> {
  const res = await api(w, 'GET', '/client/firmware/tasks', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Task[]>().find((task) => task.id === id)?.queue_position;
}

async function buildPosition(token: string, setId: number, id: number) {
  const res = await api(w, 'GET', `/client/firmware/firmwares?group_id=${setId}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: number; queue_position: number | null }[]>().find((b) => b.id === id)?.queue_position;
}

describe('the fair queue', () => {
  it("runs a partner's one build after at most one of a partner who queued ten before it", async () => {
    const agent = await addAgent(w, 'fair-agent');
    const many: number[] = [];
    for (let i = 0; i < 10; i++) many.push((await queueBuild(w)).id);
    const otherSet = await createSet(w, w.other.token, 'fair-other');
    const lone = (await queueBuild(w, w.other.token, otherSet.id)).id;

    // Shown second: behind the first partner's oldest build, not behind all ten.
    expect(await positionOf(w.other.token, lone)).toBe(2);
    expect(await buildPosition(w.other.token, otherSet.id, lone)).toBe(2);
    // The first partner's own builds stay in their order, one place further back from the second on.
    expect(await positionOf(w.partner.token, many[0])).toBe(1);
    expect(await positionOf(w.partner.token, many[1])).toBe(3);

    expect((await claimJob(w, agent.token)).id).toBe(many[0]);
    // The first partner now has a build running: the lone build is next.
    expect(await positionOf(w.other.token, lone)).toBe(1);
    expect((await claimJob(w, agent.token)).id).toBe(lone);
    expect((await claimJob(w, agent.token)).id).toBe(many[1]);
  });
});
