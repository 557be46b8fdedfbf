// Issue 42: the staff dashboards read `dashboard_rollup`, which triggers on builds, build_runs and license_issues
// keep (migrations 0030 and 0031). After a random sequence of the queue's operations (and of license issues and
// runs changed beside it), through the real queue and API on a real database, the rollup holds exactly what an
// aggregate over those tables gives, and the charts read it.
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

/**
 * The rollup as the builds, runs and license issues say it should be: the same keys, counted from every row,
 * per hour and (the 'd_' kinds) per day.
 */
const expected = sql`
  with b as (select date_trunc('hour', queued_at, 'UTC') as hour, * from builds),
  e as (
    select 'status' as kind, hour, status as key from b
    union all select 'ended_model', hour, model from b where status in ('done', 'failed')
    union all select 'failed_model', hour, model from b where status = 'failed'
    union all select 'ended_release', hour, release_version from b where status in ('done', 'failed')
    union all select 'failed_release', hour, release_version from b where status = 'failed'
    union all select 'wait', hour, dashboard_bin(extract(epoch from started_at - queued_at)::float8)::text
      from b where started_at is not null
    union all select 'duration', hour, dashboard_bin(extract(epoch from finished_at - started_at)::float8)::text
      from b where status in ('done', 'failed') and started_at is not null and finished_at is not null
    union all select 'agent_busy', h.hour, r.agent_id::text from build_runs r
      cross join lateral generate_series(date_trunc('hour', r.started_at, 'UTC'),
        date_trunc('hour', r.finished_at, 'UTC'), interval '1 hour') h(hour)
      where r.agent_id is not null and r.started_at is not null and r.finished_at is not null
    union all select 'license', date_trunc('hour', issued_at, 'UTC'), license_id::text from license_issues
    union all select 'agent_online', hour, agent_id::text from agent_presence)
  select kind, hour, key, count(*)::int as n from (
    select kind, hour, key from e
    union all select 'd_' || kind, date_trunc('day', hour, 'UTC'), key from e) x
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
  for (let step = 0; step < 90; step += 1) {
    const op = [
      ...['submit', 'submit', 'lease', 'finish', 'fail', 'cancel', 'give back', 'delete'],
      ...['issue', 'revoke', 'stretch run'],
    ][next(11)];
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
    } else if (op === 'issue') {
      // A license issued for a build some hours ago (the queue issues at done: here any build, any hour).
      await w.t.db.execute(sql`
        insert into license_issues (build_id, license_id, issued_at)
        select b.id, l.id, now() - ${`${next(48)} hours`}::interval
        from (select id from builds order by id limit 1 offset ${next(8)}) b
        cross join (select id from licenses order by id limit 1 offset ${next(3)}) l
        on conflict do nothing`);
    } else if (op === 'revoke') {
      await w.t.db.execute(sql`
        delete from license_issues where (build_id, license_id) in (
          select build_id, license_id from license_issues order by 1, 2 limit 1 offset ${next(4)})`);
    } else if (op === 'stretch run') {
      // A finished run's span moved hours back (as a run that took long), and an unfinished one left as it is.
      await w.t.db.execute(sql`
        update build_runs set started_at = started_at - ${`${next(30)} hours`}::interval
        where (build_id, run) in (select build_id, run from build_runs where finished_at is not null
          order by 1, 2 limit 1 offset ${next(3)})`);
    }
    if (step % 20 === 19) expect(await rows(kept)).toEqual(await rows(expected));
  }
  // A removed set takes its builds with it (one statement deleting many).
  await w.t.db.delete(buildSets).where(eq(buildSets.id, extraSet.id as number));
  expect(await rows(kept)).toEqual(await rows(expected));
  // At least one run finished by the agent whatever the random deletions took: a build leased and built.
  await queueBuild(w);
  const last = await claim(w, agent.token);
  expect(last).toBeTruthy();
  if (last) await finishJobWithArchive(w, agent.token, last);
  expect(await rows(kept)).toEqual(await rows(expected));
  const kinds = new Set((await rows(expected)).map((row) => String(row.kind)));
  expect(
    [...kinds].filter((kind) => ['agent_busy', 'agent_online', 'license'].includes(kind)).sort(),
  ).toEqual(['agent_busy', 'agent_online', 'license']);
  // A license removed takes its issues (a cascade), an agent removed leaves its runs without one (set null).
  await w.t.db.execute(sql`
    with l as (insert into licenses (name, region) values ('Rollup test', 'Test') returning id)
    insert into license_issues (build_id, license_id, issued_at)
    select b.id, l.id, now() - interval '3 hours' from l cross join (select id from builds limit 2) b`);
  expect(await rows(kept)).toEqual(await rows(expected));
  await w.t.db.execute(sql`delete from licenses where name = 'Rollup test'`);
  await w.t.db.execute(sql`
    update build_runs set agent_id = null
    where build_id = (select min(build_id) from build_runs where agent_id is not null and finished_at is not null)`);
  expect(await rows(kept)).toEqual(await rows(expected));
  expect(Object.keys(counts).sort()).toEqual(
    [
      ...['cancel', 'delete', 'fail', 'finish', 'give back', 'lease', 'submit'],
      ...['issue', 'revoke', 'stretch run'],
    ].sort(),
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

  // The licenses chart's weeks add up to the issues of the range (from the hour it starts in).
  const licenses = await api(w, 'GET', '/admin/dashboard/licenses?range=7d', w.admin.token);
  expect(licenses.statusCode, licenses.body).toBe(200);
  const [issued] = await rows(
    sql`select count(*)::int as n from license_issues where issued_at >= date_trunc('hour', now() - interval '7 days', 'UTC')`,
  );
  expect(issued.n).toBeGreaterThan(0);
  expect(licenses.json<{ points: { issued: number }[] }>().points.reduce((n, p) => n + p.issued, 0)).toBe(
    issued.n,
  );

  // The agents chart: the hours the agent's finished runs cover, and a run still building, show it busy.
  const agents = await api(w, 'GET', '/admin/dashboard/agents?range=7d', w.admin.token);
  expect(agents.statusCode, agents.body).toBe(200);
  const [busyDays] = await rows(sql`
    select count(distinct d)::int as n from (
      select date_trunc('day', h, 'UTC') as d from build_runs r cross join lateral generate_series(
        date_trunc('hour', greatest(r.started_at, now() - interval '7 days'), 'UTC'),
        date_trunc('hour', coalesce(r.finished_at, now()), 'UTC'), interval '1 hour') h
      where r.agent_id is not null and r.started_at is not null) x`);
  expect(busyDays.n).toBeGreaterThan(0);
  expect(agents.json<{ points: { busy: number }[] }>().points.filter((p) => p.busy > 0).length).toBe(
    busyDays.n,
  );
});
