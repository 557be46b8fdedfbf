// Bench data for the list and counter endpoints: 1,000 partners, their sets and 100,000 builds, written with
// a few INSERT … SELECT generate_series statements into a database the server has already migrated and seeded
// (the demo catalogue, releases and the demo partner must exist).

import { buildsSummaryText } from '../server/sets/sets-repository';

export const PARTNERS = 1_000;
export const BUILDS = 100_000;
/** Sets per partner; the demo partner (the one the bench signs in as) has DEMO_SETS. */
export const SETS_PER_PARTNER = 10;
export const DEMO_SETS = 100;

export type Exec = (sql: string) => Promise<void>;

/**
 * How much and how spread: the lists bench's defaults (100,000 builds one second apart, started at once, each
 * a second long); the dashboards bench (issue 42) spreads 1,000,000 over 90 days with waits and durations.
 */
export interface BenchScale {
  partners: number;
  builds: number;
  /** Seconds between two builds' queue times. */
  spacing: number;
  /** SQL of `b.i` (the build's number): seconds queued before it started, and seconds it took. */
  wait: string;
  duration: string;
}

export const LIST_SCALE: BenchScale = {
  partners: PARTNERS,
  builds: BUILDS,
  spacing: 1,
  wait: '0',
  duration: '1',
};

/**
 * Distribution: 999 more partners (with the demo partner, 1,000), 10 sets each and 100 for the demo partner,
 * builds spread round-robin over all sets (the demo partner gets ~1 %: ~1,000 builds), models, platforms and
 * install types taken from the catalogue's combinations, releases from the series' releases; statuses mixed
 * (70 % done, 10 % failed, 10 % cancelled, 5 % in progress, 5 % pending), 5 % removed, 5 % hidden from tasks,
 * queued one second apart. The sets' counters and builds' summaries are then recounted as the server would keep
 * them, and the tables vacuumed and analysed, as PostgreSQL's autovacuum (and the server's maintenance on PGlite)
 * would soon do after a bulk load: a benchmark of a steady state, not of the minute after 100,000 inserts.
 */
export async function seedBenchData(
  exec: Exec,
  demoEmail: string,
  scale: BenchScale = LIST_SCALE,
): Promise<void> {
  const { partners, builds, spacing, wait, duration } = scale;
  await exec(`
    insert into accounts (email, password_hash, worker, is_vip)
    select 'bench-partner-' || i || '@example.test', 'not-a-hash', 'rig' || i, i % 20 = 0
    from generate_series(1, ${partners - 1}) i`);
  // Sets: the demo partner's first, then the others'.
  await exec(`
    insert into firmware_groups (user_id, name, is_favorite)
    select a.id, 'Set ' || s, s % 7 = 0
    from accounts a cross join generate_series(1, ${DEMO_SETS}) s
    where a.email = '${demoEmail}'`);
  await exec(`
    insert into firmware_groups (user_id, name, is_favorite)
    select a.id, 'Set ' || s, s % 7 = 0
    from accounts a cross join generate_series(1, ${SETS_PER_PARTNER}) s
    where a.email like 'bench-partner-%'`);
  await exec(`
    with sets as (select id, user_id, row_number() over (order by id) - 1 as n from firmware_groups),
    nsets as (select count(*) as c from firmware_groups),
    combos as (
      select c.model, m.series, c.platform, c.install_type, row_number() over (order by c.model, c.platform, c.install_type) - 1 as n
      from model_platform_install_types c join models m on m.name = c.model),
    ncombos as (select count(*) as c from combos),
    rels as (select id, series, version, stage, row_number() over (partition by series order by id) - 1 as n from releases),
    nrels as (select series, count(*) as c from releases group by series),
    b as (select i, (i::bigint * 7919) % 100 as r, now() - (${builds} - i) * interval '${spacing} seconds' as at
      from generate_series(0, ${builds - 1}) i)
    insert into builds (group_id, user_id, name, model, series, platform, install_type, release_id,
      release_version, stage, status, progress, attempts, is_removed, task_hidden, job_spec, file_size, sha256,
      created_at, updated_at, queued_at, started_at, finished_at)
    select s.id, s.user_id, 'build ' || b.i, co.model, co.series, co.platform, co.install_type, rl.id,
      rl.version, rl.stage, st.status, case when st.status = 'done' then 100 when st.status = 'in_progress' then 40 else 0 end,
      case when st.status = 'pending' then 0 else 1 end, b.i % 20 = 3, b.i % 20 = 11, '{}'::jsonb,
      case when st.status = 'done' then 31457280 end, case when st.status = 'done' then md5(b.i::text) end,
      b.at, b.at, b.at,
      case when st.status <> 'pending' then b.at + (${wait}) * interval '1 second' end,
      case when st.status in ('done', 'failed', 'cancelled')
        then b.at + ((${wait}) + (${duration})) * interval '1 second' end
    from b
    cross join nsets cross join ncombos
    join sets s on s.n = b.i % nsets.c
    join combos co on co.n = (b.i / 3) % ncombos.c
    join nrels nr on nr.series = co.series
    join rels rl on rl.series = co.series and rl.n = b.i % nr.c
    cross join lateral (select case
      when b.r < 70 then 'done' when b.r < 80 then 'failed' when b.r < 90 then 'cancelled'
      when b.r < 95 then 'in_progress' else 'pending' end as status) st`);
  await exec(`
    update firmware_groups g set
      count_firmwares = c.live, count_pending = c.pending, count_in_progress = c.in_progress,
      count_failed = c.failed, count_removed_firmwares = c.removed
    from (
      select group_id,
        count(*) filter (where not is_removed)::int as live,
        count(*) filter (where not is_removed and status = 'pending')::int as pending,
        count(*) filter (where not is_removed and status = 'in_progress')::int as in_progress,
        count(*) filter (where not is_removed and status = 'failed')::int as failed,
        count(*) filter (where is_removed)::int as removed
      from builds group by group_id) c
    where g.id = c.group_id`);
  await exec(`update firmware_groups set builds_summary = ${buildsSummaryText()}`);
  await exec('vacuum analyze');
}

/** Agents of the dashboards bench: their builds' runs, and their hours online. */
export const BENCH_AGENTS = 20;

/**
 * Issue 42: what the dashboards read beside the builds, as the queue and the agents would have written it: each
 * build's run (its agent one of BENCH_AGENTS), every agent online every hour of the builds' span, and a
 * license issued to every third done build (the licenses in turn, at the build's end).
 */
export async function seedDashboardData(exec: Exec): Promise<void> {
  await exec(`
    insert into workers (name, token_hash, token_prefix)
    select 'bench-agent-' || i, md5('bench-agent-' || i), 'bench' from generate_series(1, ${BENCH_AGENTS}) i`);
  await exec(`
    with agents as (select id, row_number() over (order by id) - 1 as n from workers where name like 'bench-agent-%')
    insert into build_runs (build_id, run, release_id, release_version, agent_id, agent_name, status, attempts,
      queued_at, started_at, finished_at, sha256, file_size)
    select b.id, b.run, b.release_id, b.release_version, a.id, 'bench-agent', b.status, b.attempts,
      b.queued_at, b.started_at, b.finished_at, b.sha256, b.file_size
    from builds b join agents a on a.n = b.id % ${BENCH_AGENTS}
    where b.started_at is not null`);
  await exec(`
    insert into agent_presence (hour, agent_id)
    select h, w.id
    from workers w
    cross join generate_series(date_trunc('hour', (select min(queued_at) from builds), 'UTC'),
      date_trunc('hour', now(), 'UTC'), interval '1 hour') h
    where w.name like 'bench-agent-%'`);
  await exec(`
    with l as (select id, row_number() over (order by id) - 1 as n, count(*) over () as c from licenses)
    insert into license_issues (build_id, license_id, issued_at)
    select b.id, l.id, b.finished_at
    from builds b join l on l.n = b.id % l.c
    where b.status = 'done' and b.id % 3 = 0`);
  await exec('vacuum analyze');
}
