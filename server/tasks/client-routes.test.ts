import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { builds } from '../platform/db/schema';
import {
  addAgent,
  claim,
  claimJob,
  createAgentWorld,
  emptyQueue,
  queueBuild,
  sendEvents,
} from '../test/agent-fixtures';
import { api, createSet } from '../test/build-fixtures';
import { stageBuild } from '../test/build-states';
import { expectError, expectValidationError } from '../test/helper';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createAgentWorld);

let agent: { id: number; token: string };
let otherSetId: number;

beforeAll(async () => {
  agent = await addAgent(w, 'tasks-agent');
  otherSetId = (await createSet(w, w.other.token, 'other-set')).id as number;
});

// Every test starts on an empty queue and queues what it reads: positions and totals are the whole queue's.
beforeEach(() => emptyQueue(w));

/** Queues `n` builds of the partner's, oldest first; answers their ids. */
async function queueMine(n = 22): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push((await queueBuild(w)).id);
  return ids;
}

/** Queues one build in the other partner's set. */
const queueTheirs = () => queueBuild(w, w.other.token, otherSetId);

type Task = {
  id: number;
  status: string;
  queue_position: number | null;
  group_name: string;
  is_favorite: boolean;
  user_email: string;
  worker_name: string | null;
  progress: number;
};

const tasks = async (url: string, token: string) => {
  const res = await api(w, 'GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  return {
    rows: res.json<Task[]>(),
    total: Number(res.headers['x-total-count']),
    page: res.headers['x-page'],
  };
};

describe('tasks', () => {
  it('lists my tasks newest first with queue positions, paged 20 at a time', async () => {
    const queued = await queueMine();
    const first = await tasks('/client/firmware/tasks', w.partner.token);
    expect(first.total).toBe(22);
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]).toMatchObject({ id: queued[21], status: 'pending', queue_position: 22 });
    expect(first.rows[0]).toMatchObject({ group_name: 'agents-set', worker_name: null });
    const second = await tasks('/client/firmware/tasks?page=1', w.partner.token);
    expect(second.page).toBe('1');
    expect(second.rows.map((t) => t.id)).toEqual([queued[1], queued[0]]);
    expect(second.rows[1].queue_position).toBe(1);
    // A page past the end still says how many there are.
    expect(await tasks('/client/firmware/tasks?page=5', w.partner.token)).toMatchObject({
      rows: [],
      total: 22,
    });
    expect((await tasks('/client/firmware/tasks', w.other.token)).total).toBe(0);
  });

  it('counts pending, in progress and failed, mine and everyone’s', async () => {
    const queued = await queueMine();
    const job = await claimJob(w, agent.token);
    expect(job.id).toBe(queued[0]);
    // The queue moved on: every waiting task is one place nearer, and the claimed one has no place.
    const afterClaim = await tasks('/client/firmware/tasks', w.partner.token);
    expect(afterClaim.rows[0]).toMatchObject({ id: queued[21], queue_position: 21 });
    expect(afterClaim.rows.find((t) => t.id === job.id)).toBeUndefined();
    expect(
      (await tasks('/client/firmware/tasks?page=1', w.partner.token)).rows.map((t) => t.queue_position),
    ).toEqual([1, null]);
    const mine = await api(w, 'GET', '/client/firmware/tasks/status', w.partner.token);
    expect(mine.json()).toEqual({ pending: 21, in_progress: 1, failed: 0 });
    await queueTheirs();
    expect((await api(w, 'GET', '/client/firmware/tasks/status', w.other.token)).json()).toEqual({
      pending: 1,
      in_progress: 0,
      failed: 0,
    });
    expect((await api(w, 'GET', '/admin/firmwares/tasks/status', w.admin.token)).json()).toEqual({
      pending: 22,
      in_progress: 1,
      failed: 0,
    });
    expectError(await api(w, 'GET', '/admin/firmwares/tasks/status', w.partner.token), 403);
  });

  it('counters follow a change made outside this instance’s requests (another instance, a tool)', async () => {
    await queueMine(2);
    const counters = async (url: string, token: string) => (await api(w, 'GET', url, token)).json();
    const before = await counters('/client/firmware/tasks/status', w.partner.token);
    const all = await counters('/admin/firmwares/tasks/status', w.admin.token);
    const [pending] = await w.t.db
      .select({ id: builds.id })
      .from(builds)
      .where(and(eq(builds.user_id, w.partner.id), eq(builds.status, 'pending')))
      .limit(1);
    // Straight to the database, as another API instance or an agent's server would: no request here.
    await w.t.db.update(builds).set({ status: 'failed' }).where(eq(builds.id, pending.id));
    try {
      await expect
        .poll(() => counters('/client/firmware/tasks/status', w.partner.token))
        .toEqual({ ...before, pending: before.pending - 1, failed: before.failed + 1 });
      await expect
        .poll(() => counters('/admin/firmwares/tasks/status', w.admin.token))
        .toEqual({ ...all, pending: all.pending - 1, failed: all.failed + 1 });
    } finally {
      await w.t.db.update(builds).set({ status: 'pending' }).where(eq(builds.id, pending.id));
    }
    await expect.poll(() => counters('/client/firmware/tasks/status', w.partner.token)).toEqual(before);
  });

  it('searches and filters favourites; admins see everyone’s tasks and one partner’s', async () => {
    await queueMine(3);
    await claimJob(w, agent.token);
    await queueTheirs();
    expect((await tasks('/client/firmware/tasks?search=agents-set', w.partner.token)).total).toBe(3);
    expect((await tasks('/client/firmware/tasks?search=nothing-like-it', w.partner.token)).total).toBe(0);
    expect((await tasks('/client/firmware/tasks?is_favorite=true', w.partner.token)).total).toBe(0);
    const all = await tasks('/admin/firmwares/tasks', w.admin.token);
    expect(all.total).toBe(4);
    expect((await tasks('/admin/firmwares/tasks?search=other-set', w.admin.token)).rows[0]).toMatchObject({
      group_name: 'other-set',
    });
    expect((await tasks(`/admin/firmwares/users/${w.other.id}/tasks`, w.admin.token)).total).toBe(1);
    expectError(await api(w, 'GET', '/admin/firmwares/tasks', w.partner.token), 403);
    expectError(await api(w, 'GET', `/admin/firmwares/users/${w.other.id}/tasks`, w.partner.token), 403);
  });

  it('cancels a pending task at once; another partner’s task is 404', async () => {
    await queueMine(1);
    const { rows } = await tasks('/client/firmware/tasks', w.partner.token);
    const pending = rows.find((t) => t.status === 'pending') as Task;
    expectError(await api(w, 'POST', `/client/firmware/tasks/${pending.id}/cancel`, w.other.token), 404);
    const res = await api(w, 'POST', `/client/firmware/tasks/${pending.id}/cancel`, w.partner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: pending.id, status: 'cancelled', queue_position: null });
  });

  it('refuses (409) to cancel a task that already ended, saying how it ended (issue 37)', async () => {
    // Its own two builds: one cancelled by the partner, one finished.
    const [cancelledId, doneId] = await queueMine(2);
    const cancel = await api(w, 'POST', `/client/firmware/tasks/${cancelledId}/cancel`, w.partner.token);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await stageBuild(w.t.db, doneId, { status: 'done', finished_at: new Date() });
    const [cancelled, done] = [{ id: cancelledId }, { id: doneId }];

    const again = await api(w, 'POST', `/client/firmware/tasks/${cancelled.id}/cancel`, w.partner.token);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toEqual({
      detail: 'The build had already ended (cancelled): nothing was cancelled',
    });
    const finished = await api(w, 'POST', `/client/firmware/tasks/${done.id}/cancel`, w.partner.token);
    expect(finished.statusCode, finished.body).toBe(409);
    expect(finished.json()).toEqual({ detail: 'The build had already ended (done): nothing was cancelled' });
    expect(
      (await tasks('/client/firmware/tasks', w.partner.token)).rows.find((t) => t.id === done.id),
    ).toMatchObject({
      status: 'done',
    });
  });

  it('removes tasks from the list (cancelling running ones); others’ ids are 404 and nothing changes', async () => {
    await queueMine(3);
    const running = await claimJob(w, agent.token);
    await queueTheirs();
    const { rows } = await tasks('/client/firmware/tasks', w.partner.token);
    const pending = rows.find((t) => t.status === 'pending') as Task;
    const theirs = (await tasks('/client/firmware/tasks', w.other.token)).rows[0];
    expectError(
      await api(w, 'DELETE', `/client/firmware/tasks?ids=${pending.id},${theirs.id}`, w.partner.token),
      404,
    );
    expectValidationError(await api(w, 'DELETE', '/client/firmware/tasks?ids=1;2', w.partner.token), 'ids');
    const res = await api(
      w,
      'DELETE',
      `/client/firmware/tasks?ids=${running.id},${pending.id}`,
      w.partner.token,
    );
    expect(res.statusCode, res.body).toBe(204);
    const after = await tasks('/client/firmware/tasks?page=0', w.partner.token);
    expect(after.rows.some((t) => t.id === running.id || t.id === pending.id)).toBe(false);
    expect(after.total).toBe(1);
    // Removed tasks leave the counters too.
    expect((await api(w, 'GET', '/client/firmware/tasks/status', w.partner.token)).json()).toMatchObject({
      in_progress: 0,
    });
    // The running one was asked to stop.
    const job = { id: running.id, uuid: '', attempt: 1, spec: {} };
    expect((await sendEvents(w, agent.token, job, [])).json()).toEqual({ state: 'cancelling' });
    // An admin may remove anyone's task.
    expect(
      (await api(w, 'DELETE', `/client/firmware/tasks?ids=${theirs.id}`, w.admin.token)).statusCode,
    ).toBe(204);
  });

  it("answers a build's whole log with seq numbers; another partner's is 404", async () => {
    // On the empty queue: the agent gets this build next.
    const build = await queueBuild(w);
    const job = await claim(w, agent.token);
    expect(job?.id).toBe(build.id);
    if (!job) return;
    await sendEvents(w, agent.token, job, [
      { seq: 1, type: 'log', data: 'one' },
      { seq: 2, type: 'progress', data: 30 },
      { seq: 3, type: 'log', data: 'two' },
    ]);
    const res = await api(w, 'GET', `/client/firmware/firmwares/${build.id}/log`, w.partner.token);
    expect(res.statusCode, res.body).toBe(200);
    const log = res.json<{ progress: number; lines: { seq: number; line: string; at: string }[] }>();
    expect(log.progress).toBe(30);
    expect(log.lines.map((l) => l.line)).toEqual(['one', 'two']);
    expect(log.lines[1].seq).toBeGreaterThan(log.lines[0].seq);
    expectError(await api(w, 'GET', `/client/firmware/firmwares/${build.id}/log`, w.other.token), 404);
    expect(
      (await api(w, 'GET', `/client/firmware/firmwares/${build.id}/log`, w.admin.token)).statusCode,
    ).toBe(200);
  });
});
