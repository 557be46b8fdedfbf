// Issue 42: the staff dashboards read `dashboard_rollup`, which the builds' triggers keep (migration 0030). After
// a random sequence of the queue's operations, through the real queue and API on a real database, the rollup
// holds exactly what an aggregate over the builds table gives, and the charts read it.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../builds/runs/kept-runs';
import { buildSets, builds } from '../platform/db/schema';
import {
  type AgentWorld,
  addAgent,
  agentCall,
  type Claimed,
  claim,
  createAgentWorld,
  queueBuild,
} from '../test/agent-fixtures';
import { finishJobWithArchive } from '../test/archive-build';
import { api, createSet } from '../test/build-fixtures';
import { rebuildDashboardRollup } from './dashboard-repository';

let w: AgentWorld;
beforeAll(async () => {
  w = await createAgentWorld();
});
afterAll(() => w.close());

/** The rollup as the builds say it should be: the same keys, counted from every build row. */
const expected = sql`
  with b as (select date_trunc('hour', queued_at, 'UTC') as hour, * from builds)
  select kind, hour, key, count(*)::int as n from (
    select 'status' as kind, hour, status as key from b
    union all select 'ended_model', hour, model from b where status in ('done', 'failed')
    union all select 'failed_model', hour, model from b where status = 'failed'
    union all select 'ended_release', hour, release_version from b where status in ('done', 'failed')
    union all select 'failed_release', hour, release_version from b where status = 'failed'
    union all select 'wait', hour, dashboard_bin(extract(epoch from started_at - queued_at)::float8)::text
      from b where started_at is not null
    union all select 'duration', hour, dashboard_bin(extract(epoch from finished_at - started_at)::float8)::text
      from b where status in ('done', 'failed') and started_at is not null and finished_at is not null) x
  group by 1, 2, 3 order by 1, 2, 3`;
const kept = sql`select kind, hour, key, n from dashboard_rollup where n <> 0 order by 1, 2, 3`;

const rows = async (query: typeof kept) => rowsOf<Record<string, unknown>>(await w.t.db.execute(query));

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return (state >>> 16) % n;
  };
}

it('equals the aggregate of the builds after a random sequence of queue operations', async () => {
  const next = random(42);
  const agent = await addAgent(w, 'rollup-agent');
  const held: Claimed[] = [];
  const extraSet = await createSet(w, w.other.token, 'rollup-other');
  const counts: Record<string, number> = {};
  /** Drops a build the agent held once it is cancelled or deleted. */
  const forget = (id: number) => {
    const index = held.findIndex((job) => job.id === id);
    if (index >= 0) held.splice(index, 1);
  };
  for (let step = 0; step < 60; step += 1) {
    const op = ['submit', 'submit', 'lease', 'finish', 'fail', 'cancel', 'give back', 'delete'][next(8)];
    counts[op] = (counts[op] ?? 0) + 1;
    if (op === 'submit') {
      if (next(3) === 0) await queueBuild(w, w.other.token, extraSet.id as number);
      else await queueBuild(w);
    } else if (op === 'lease') {
      const job = await claim(w, agent.token);
      if (job) held.push(job);
    } else if (op === 'finish' && held.length > 0) {
      await finishJobWithArchive(w, agent.token, held.splice(next(held.length), 1)[0]);
    } else if (op === 'fail' && held.length > 0) {
      const job = held.splice(next(held.length), 1)[0];
      const res = await agentCall(w, agent.token, 'POST', `/jobs/${job.id}/finish`, {
        status: 'failed',
        reason: 'exit 2',
      });
      expect(res.statusCode, res.body).toBe(200);
    } else if (op === 'cancel') {
      const [row] = await w.t.db
        .select({ id: builds.id })
        .from(builds)
        .where(sql`status in ('pending', 'in_progress')`)
        .limit(1);
      if (row) {
        await w.t.app.jobQueue.cancel([row.id], 'rollup test');
        // The agent no longer holds a cancelled job: finishing it is refused (409). Which row comes first
        // without an order is the database's choice: PostgreSQL picked a held one, PGlite had not.
        forget(row.id);
      }
    } else if (op === 'give back' && held.length > 0) {
      const job = held.splice(next(held.length), 1)[0];
      await w.t.app.jobQueue.giveBack(job.id, agent.id, 'rollup test');
    } else if (op === 'delete') {
      const [row] = await w.t.db.select({ id: builds.id }).from(builds).orderBy(sql`random()`).limit(1);
      if (row) {
        await w.t.db.delete(builds).where(eq(builds.id, row.id));
        forget(row.id);
      }
    }
    if (step % 20 === 19) expect(await rows(kept)).toEqual(await rows(expected));
  }
  // A removed set takes its builds with it (one statement deleting many).
  await w.t.db.delete(buildSets).where(eq(buildSets.id, extraSet.id as number));
  expect(await rows(kept)).toEqual(await rows(expected));
  expect(Object.keys(counts).sort()).toEqual(
    ['cancel', 'delete', 'fail', 'finish', 'give back', 'lease', 'submit'].sort(),
  );
  expect((await rows(expected)).length).toBeGreaterThan(0);

  // Lost (a restore without the triggers, say), it is counted anew from the builds.
  await w.t.db.execute(sql`delete from dashboard_rollup`);
  expect(await rebuildDashboardRollup(w.t.db)).toBeGreaterThan(0);
  expect(await rows(kept)).toEqual(await rows(expected));

  // The chart an admin opens is the rollup's: its totals are the builds table's.
  const res = await api(w, 'GET', '/admin/dashboard/builds?range=24h', w.admin.token);
  expect(res.statusCode, res.body).toBe(200);
  const points = res.json<{ points: Record<string, number>[] }>().points;
  const [total] = await rows(sql`select count(*)::int as n from builds`);
  expect(points.reduce((n, p) => n + p.done + p.failed + p.cancelled + p.in_progress + p.pending, 0)).toBe(
    total.n,
  );
});
