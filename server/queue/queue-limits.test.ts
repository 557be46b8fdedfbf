// Issue 36 finding 4: an admin sets how many builds a partner may have waiting and may queue in an hour; a
// request past either is refused whole (429, the limit named) and changes nothing. Admins are not limited.
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BUILDS_PER_HOUR, DEFAULT_MAX_QUEUED_BUILDS } from '../../contract/queue-limits';
import { buildRuns, builds } from '../platform/db/schema';
import { addAgent, agentCall, claimJob, createAgentWorld, queueBuild } from '../test/agent-fixtures';
import { lastAudit } from '../test/audit-fixtures';
import { api, buildBody, createSet, pools, rowCounts } from '../test/build-fixtures';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createAgentWorld);

const setLimits = (body: Record<string, number | null>) =>
  api(w, 'PATCH', `/admin/user?user_id=${w.partner.id}`, w.admin.token, body);

const runCount = async () => (await w.t.db.select({ n: count() }).from(buildRuns))[0].n;

describe('a partner’s queue limits', () => {
  it('are set by an admin on the partner, defaults when unset, and the change is audited', async () => {
    const shown = await api(w, 'GET', `/admin/user?user_id=${w.partner.id}`, w.admin.token);
    expect(shown.json()).toMatchObject({ max_queued_builds: null, max_builds_per_hour: null });
    expect(DEFAULT_MAX_QUEUED_BUILDS).toBeGreaterThan(0);
    expect(DEFAULT_MAX_BUILDS_PER_HOUR).toBeGreaterThan(0);

    const res = await setLimits({ max_queued_builds: 2, max_builds_per_hour: 100 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ max_queued_builds: 2, max_builds_per_hour: 100 });
    expect(await lastAudit(w.t.db, 'partner.update')).toMatchObject({
      actor_id: w.admin.id,
      object_id: String(w.partner.id),
      before: { max_queued_builds: null, max_builds_per_hour: null },
      after: { max_queued_builds: 2, max_builds_per_hour: 100 },
    });
    expect((await setLimits({ max_queued_builds: 0 })).statusCode).toBe(422);
    // A partner cannot set its own.
    const own = { max_queued_builds: 1000 };
    expect(
      (await api(w, 'PATCH', `/admin/user?user_id=${w.partner.id}`, w.partner.token, own)).statusCode,
    ).toBe(403);
  });

  it('refuse a build past the waiting limit, naming it, and write nothing', async () => {
    await queueBuild(w);
    await queueBuild(w);
    const before = await rowCounts(w.t.db);
    const body = buildBody(w, w.set.id, { fee_pools_configs: pools([{}, { worker: 'onetoomany' }]) });
    const res = await api(w, 'POST', '/client/firmware/firmwares', w.partner.token, body);
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toEqual({
      detail: 'At most 2 builds may wait in the queue; 2 are waiting and this would add 1',
    });
    expect(await rowCounts(w.t.db)).toEqual(before);
    // Another partner is not held by this one's limit.
    const otherSet = await createSet(w, w.other.token, 'limits-other');
    await queueBuild(w, w.other.token, otherSet.id);
  });

  it('refuse a set rebuild past the limit whole: none of its builds is queued', async () => {
    // The two waiting builds are built (failed: the fair order gives both before the other partner's, each
    // claimed once the one before ended), then two more wait in another set.
    const agent = await addAgent(w, 'limits-agent');
    const firstSet = w.set.id;
    for (let i = 0; i < 2; i++) {
      const job = await claimJob(w, agent.token);
      const finished = await agentCall(w, agent.token, 'POST', `/jobs/${job.id}/finish`, {
        status: 'failed',
        reason: 'bench',
      });
      expect(finished.statusCode, finished.body).toBe(200);
    }
    const inFirst = await w.t.db
      .select({ status: builds.status })
      .from(builds)
      .where(eq(builds.group_id, firstSet));
    expect(inFirst.map((b) => b.status)).toEqual(['failed', 'failed']);
    const second = await createSet(w, w.partner.token, 'limits-second');
    await setLimits({ max_queued_builds: 3 });
    await queueBuild(w, w.partner.token, second.id);
    await queueBuild(w, w.partner.token, second.id);
    const statuses = async () =>
      (await w.t.db.select({ id: builds.id, status: builds.status, run: builds.run }).from(builds)).sort(
        (a, b) => a.id - b.id,
      );
    const was = await statuses();
    const runs = await runCount();

    const res = await api(w, 'POST', `/client/firmware/groups/${firstSet}/rebuild`, w.partner.token);
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json().detail).toBe(
      'At most 3 builds may wait in the queue; 2 are waiting and this would add 2',
    );
    expect(await statuses()).toEqual(was);
    expect(await runCount()).toBe(runs);

    // The same through the set's edit (force_rebuild): refused, nothing changed.
    const edit = await api(w, 'PATCH', `/client/firmware/groups/${firstSet}`, w.partner.token, {
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
    const runs = await runCount();
    // Every run of the partner's so far was queued within the hour (the other partner's one is not theirs).
    await setLimits({ max_queued_builds: 100, max_builds_per_hour: runs - 1 });
    const [failed] = await w.t.db
      .select({ id: builds.id })
      .from(builds)
      .where(eq(builds.user_id, w.partner.id))
      .limit(1);
    const res = await api(
      w,
      'POST',
      `/client/firmware/firmwares/rebuild?firmware_id=${failed.id}`,
      w.partner.token,
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
    const pool = await api(w, 'PATCH', `/client/firmware/firmwares/${failed.id}/pool`, w.partner.token, {
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
