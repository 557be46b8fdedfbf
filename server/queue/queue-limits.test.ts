// Issue 36 finding 4: an admin sets how many builds a partner may have waiting and may queue in an hour; a
// request past either is refused whole (429, the limit named) and changes nothing. Admins are not limited.
import { count, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BUILDS_PER_HOUR, DEFAULT_MAX_QUEUED_BUILDS } from '../../contract/queue-limits';
import { buildRuns, builds } from '../platform/db/schema';
import {
  addAgent,
  agentCall,
  claimJob,
  createAgentWorld,
  emptyQueue,
  queueBuild,
} from '../test/agent-fixtures';
import { lastAudit } from '../test/audit-fixtures';
import { api, buildBody, createSet, pools, rowCounts } from '../test/build-fixtures';
import { createSignedIn } from '../test/helper';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createAgentWorld);

/** A partner of the test's own (limits are a partner's), with a set to build in. */
let partner: { id: number; token: string; setId: number };
let agent: { id: number; token: string };
let otherSetId: number;

beforeAll(async () => {
  agent = await addAgent(w, 'limits-agent');
  otherSetId = (await createSet(w, w.other.token, 'limits-other')).id;
});

// Limits count the partner's builds and runs, and the agent claims in the whole queue's fair order.
beforeEach(async () => {
  await emptyQueue(w);
  const { token, account } = await createSignedIn(w.t.app, w.t.db);
  partner = { id: account.id, token, setId: (await createSet(w, token, 'limits-first')).id };
});

const setLimits = (body: Record<string, number | null>) =>
  api(w, 'PATCH', `/admin/user?user_id=${partner.id}`, w.admin.token, body);

const queueMine = (setId = partner.setId) => queueBuild(w, partner.token, setId);

/** Claims the partner's `n` waiting builds as the agent, each after the one before ended, failing each. */
async function failWaiting(n: number) {
  for (let i = 0; i < n; i++) {
    const job = await claimJob(w, agent.token);
    const finished = await agentCall(w, agent.token, 'POST', `/jobs/${job.id}/finish`, {
      status: 'failed',
      reason: 'bench',
    });
    expect(finished.statusCode, finished.body).toBe(200);
  }
}

const runCount = async () => (await w.t.db.select({ n: count() }).from(buildRuns))[0].n;

describe('a partner’s queue limits', () => {
  it('are set by an admin on the partner, defaults when unset, and the change is audited', async () => {
    const shown = await api(w, 'GET', `/admin/user?user_id=${partner.id}`, w.admin.token);
    expect(shown.json()).toMatchObject({ max_queued_builds: null, max_builds_per_hour: null });
    expect(DEFAULT_MAX_QUEUED_BUILDS).toBeGreaterThan(0);
    expect(DEFAULT_MAX_BUILDS_PER_HOUR).toBeGreaterThan(0);

    const res = await setLimits({ max_queued_builds: 2, max_builds_per_hour: 100 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ max_queued_builds: 2, max_builds_per_hour: 100 });
    expect(await lastAudit(w.t.db, 'partner.update')).toMatchObject({
      actor_id: w.admin.id,
      object_id: String(partner.id),
      before: { max_queued_builds: null, max_builds_per_hour: null },
      after: { max_queued_builds: 2, max_builds_per_hour: 100 },
    });
    expect((await setLimits({ max_queued_builds: 0 })).statusCode).toBe(422);
    // A partner cannot set its own.
    const own = { max_queued_builds: 1000 };
    expect((await api(w, 'PATCH', `/admin/user?user_id=${partner.id}`, partner.token, own)).statusCode).toBe(
      403,
    );
  });

  it('refuse a build past the waiting limit, naming it, and write nothing', async () => {
    await setLimits({ max_queued_builds: 2, max_builds_per_hour: 100 });
    await queueMine();
    await queueMine();
    const before = await rowCounts(w.t.db);
    const body = buildBody(w, partner.setId, { fee_pools_configs: pools([{}, { worker: 'onetoomany' }]) });
    const res = await api(w, 'POST', '/client/firmware/firmwares', partner.token, body);
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toEqual({
      detail: 'At most 2 builds may wait in the queue; 2 are waiting and this would add 1',
    });
    expect(await rowCounts(w.t.db)).toEqual(before);
    // Another partner is not held by this one's limit.
    await queueBuild(w, w.other.token, otherSetId);
  });

  it('refuse a set rebuild past the limit whole: none of its builds is queued', async () => {
    // Two builds are built (failed: claimed each once the one before ended), then two more wait in another set.
    await setLimits({ max_queued_builds: 2, max_builds_per_hour: 100 });
    await queueMine();
    await queueMine();
    await failWaiting(2);
    const firstSet = partner.setId;
    const inFirst = await w.t.db
      .select({ status: builds.status })
      .from(builds)
      .where(eq(builds.group_id, firstSet));
    expect(inFirst.map((b) => b.status)).toEqual(['failed', 'failed']);
    const second = await createSet(w, partner.token, 'limits-second');
    await setLimits({ max_queued_builds: 3 });
    await queueMine(second.id);
    await queueMine(second.id);
    const statuses = async () =>
      (await w.t.db.select({ id: builds.id, status: builds.status, run: builds.run }).from(builds)).sort(
        (a, b) => a.id - b.id,
      );
    const was = await statuses();
    const runs = await runCount();

    const res = await api(w, 'POST', `/client/firmware/groups/${firstSet}/rebuild`, partner.token);
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json().detail).toBe(
      'At most 3 builds may wait in the queue; 2 are waiting and this would add 2',
    );
    expect(await statuses()).toEqual(was);
    expect(await runCount()).toBe(runs);

    // The same through the set's edit (force_rebuild): refused, nothing changed.
    const edit = await api(w, 'PATCH', `/client/firmware/groups/${firstSet}`, partner.token, {
      force_rebuild: true,
    });
    expect(edit.statusCode, edit.body).toBe(429);
    expect(await statuses()).toEqual(was);

    // An admin rebuilding the partner's set is not held to the partner's limits.
    const admin = await api(w, 'POST', `/admin/groups/${firstSet}/rebuild`, w.admin.token);
    expect(admin.statusCode, admin.body).toBe(200);
    expect(await runCount()).toBe(runs + 2);
  });

  it('refuse a rebuild past the hourly limit with Retry-After, naming the limit', async () => {
    await queueMine();
    await queueMine();
    await failWaiting(2);
    await queueBuild(w, w.other.token, otherSetId);
    const runs = await runCount();
    // Every run of the partner's so far was queued within the hour (the other partner's one is not theirs).
    await setLimits({ max_queued_builds: 100, max_builds_per_hour: runs - 1 });
    const [failed] = await w.t.db
      .select({ id: builds.id })
      .from(builds)
      .where(eq(builds.user_id, partner.id))
      .limit(1);
    const res = await api(
      w,
      'POST',
      `/client/firmware/firmwares/rebuild?firmware_id=${failed.id}`,
      partner.token,
    );
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json().detail).toBe(
      `At most ${runs - 1} builds may be queued per hour; ${runs - 1} were queued in the last hour and this would add 1`,
    );
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await runCount()).toBe(runs);

    // A change of the build's pools queues it again: held to the same limit.
    const pool = await api(w, 'PATCH', `/client/firmware/firmwares/${failed.id}/pool`, partner.token, {
      fee_pools_configs: pools([{}, { worker: 'newpools' }]),
    });
    expect(pool.statusCode, pool.body).toBe(429);
    expect(await runCount()).toBe(runs);
    // The same rebuild by an admin goes through.
    const admin = await api(w, 'POST', `/admin/firmwares/rebuild?firmware_id=${failed.id}`, w.admin.token);
    expect(admin.statusCode, admin.body).toBe(200);
    expect(await runCount()).toBe(runs + 1);
  });
});
