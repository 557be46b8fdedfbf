// Issue 42: the dashboards' aggregates: the staff charts of builds, agents and licenses from `dashboard_rollup`
// (kept by triggers on builds, build_runs and license_issues, migrations 0030 and 0031), the rest each one
// statement over an index (builds_dashboard_user_idx, build_runs_running_idx), so no
// build row is loaded into Node and none is read from the heap. Buckets are UTC hours, days or weeks; every
// bucket of the range is answered, empty ones with zeros.
import { type SQL, sql } from 'drizzle-orm';
import {
  type DashboardBucket,
  type DashboardRange,
  FAILED_BUILDS_SHOWN,
  FAILURE_TOP,
  RANGE_HOURS,
  rangeBucket,
} from '../../contract/dashboard';
import type {
  ActivePartners,
  AgentsOverTime,
  BuildsPerBucket,
  FailedBuilds,
  FailureRates,
  LicensesPerWeek,
  Timings,
} from '../../contract/schemas/dashboard-schemas';
import { rowsOf } from '../builds/runs/kept-runs';
import type { Db } from '../platform/db/client';

/** Whose builds: everyone's (admins, developers) or one account's. */
export type Scope = { accountId?: number };

const since = (range: DashboardRange): SQL => sql`now() - ${`${RANGE_HOURS[range]} hours`}::interval`;
const trunc = (bucket: DashboardBucket, column: SQL): SQL => sql`date_trunc(${bucket}, ${column}, 'UTC')`;
/** Every bucket's start from the range's first to now's. */
const buckets = (range: DashboardRange, bucket: DashboardBucket): SQL =>
  sql`generate_series(${trunc(bucket, since(range))}, ${trunc(bucket, sql`now()`)}, ${`1 ${bucket}`}::interval)`;
/**
 * The rollup's rows of `kinds` over a range, as (hour, kind, key, n): from the hour the range starts in (so up to
 * an hour more than the range). Beyond a day, its whole days from the day rows ('d_' kinds, migration 0031) and
 * only its first, partial day from the hours: 24 times fewer rows to read.
 */
const rolledUp = (range: DashboardRange, kinds: string[]): SQL => {
  const first = trunc('hour', since(range));
  const hourKinds = sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  if (rangeBucket(range) === 'hour')
    return sql`(select hour, kind, key, n from dashboard_rollup where kind in (${hourKinds}) and hour >= ${first})`;
  const wholeDays = sql`${trunc('day', since(range))} + interval '1 day'`;
  const dayKinds = sql.join(
    kinds.map((kind) => sql`${`d_${kind}`}`),
    sql`, `,
  );
  return sql`(
    select hour, kind, key, n from dashboard_rollup
    where kind in (${hourKinds}) and hour >= ${first} and hour < ${wholeDays}
    union all
    select hour, substr(kind, 3), key, n from dashboard_rollup
    where kind in (${dayKinds}) and hour >= ${wholeDays})`;
};
const ownedBy = (scope: Scope, column: SQL): SQL =>
  scope.accountId === undefined ? sql`true` : sql`${column} = ${scope.accountId}`;

const iso = (value: unknown): string => new Date(value as string).toISOString();
const num = (value: unknown): number => Number(value ?? 0);
const seconds = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

export async function buildsPerBucket(db: Db, range: DashboardRange, scope: Scope): Promise<BuildsPerBucket> {
  const bucket = rangeBucket(range);
  const agg =
    scope.accountId === undefined
      ? sql`
      select ${trunc(bucket, sql`hour`)} as at,
        sum(n) filter (where key = 'done') as done,
        sum(n) filter (where key = 'failed') as failed,
        sum(n) filter (where key = 'cancelled') as cancelled,
        sum(n) filter (where key = 'in_progress') as in_progress,
        sum(n) filter (where key = 'pending') as pending
      from ${rolledUp(range, ['status'])} r
      group by 1`
      : sql`
      select ${trunc(bucket, sql`queued_at`)} as at,
        count(*) filter (where status = 'done') as done,
        count(*) filter (where status = 'failed') as failed,
        count(*) filter (where status = 'cancelled') as cancelled,
        count(*) filter (where status = 'in_progress') as in_progress,
        count(*) filter (where status = 'pending') as pending
      from builds where queued_at >= ${since(range)} and ${ownedBy(scope, sql`user_id`)}
      group by 1`;
  const result = await db.execute(sql`
    with agg as (${agg})
    select s.at, agg.done, agg.failed, agg.cancelled, agg.in_progress, agg.pending
    from ${buckets(range, bucket)} s(at) left join agg on agg.at = s.at order by s.at`);
  const points = rowsOf<Record<string, unknown>>(result).map((row) => ({
    at: iso(row.at),
    done: num(row.done),
    failed: num(row.failed),
    cancelled: num(row.cancelled),
    in_progress: num(row.in_progress),
    pending: num(row.pending),
  }));
  return { bucket, points };
}

/** Queue wait (queued to started) and build duration (started to finished, done or failed), p50 and p95. */
export async function timings(db: Db, range: DashboardRange, scope: Scope): Promise<Timings> {
  if (scope.accountId === undefined) return rolledUpTimings(db, range);
  const bucket = rangeBucket(range);
  const result = await db.execute(sql`
    with m as (
      select ${trunc(bucket, sql`queued_at`)} as at,
        extract(epoch from started_at - queued_at) as wait,
        case when status in ('done', 'failed') then extract(epoch from finished_at - started_at) end as duration
      from builds
      where queued_at >= ${since(range)} and started_at is not null and ${ownedBy(scope, sql`user_id`)}),
    agg as (
      select at,
        percentile_cont(array[0.5, 0.95]) within group (order by wait) as wait,
        percentile_cont(array[0.5, 0.95]) within group (order by duration) as duration
      from m group by at)
    select s.at, agg.wait, agg.duration
    from ${buckets(range, bucket)} s(at) left join agg on agg.at = s.at order by s.at`);
  const points = rowsOf<{ at: unknown; wait: unknown[] | null; duration: unknown[] | null }>(result).map(
    (row) => ({
      at: iso(row.at),
      wait_p50: seconds(row.wait?.[0]),
      wait_p95: seconds(row.wait?.[1]),
      duration_p50: seconds(row.duration?.[0]),
      duration_p95: seconds(row.duration?.[1]),
    }),
  );
  return { bucket, points };
}

/**
 * A histogram bin's seconds (the rollup's `dashboard_bin`, migration 0030): bin 0 holds [0, 1) s, bin b holds
 * [2^((b-1)/4), 2^(b/4)) s; its geometric middle is within 2^(1/8) - 1 = 9.1 % of every value in it.
 */
export const binSeconds = (bin: number): number => (bin === 0 ? 0.5 : 2 ** ((bin - 0.5) / 4));

/** Everyone's queue wait and build duration, p50 and p95, from the rollup's histograms. */
async function rolledUpTimings(db: Db, range: DashboardRange): Promise<Timings> {
  const bucket = rangeBucket(range);
  const result = await db.execute(sql`
    with h as (
      select ${trunc(bucket, sql`hour`)} as at, kind, key::integer as bin, sum(n) as n
      from ${rolledUp(range, ['wait', 'duration'])} r
      group by 1, 2, 3 having sum(n) > 0),
    c as (
      select at, kind, bin, sum(n) over (partition by at, kind order by bin) as cum,
        sum(n) over (partition by at, kind) as total
      from h),
    p as (
      select at, kind, min(bin) filter (where cum >= 0.5 * total) as p50,
        min(bin) filter (where cum >= 0.95 * total) as p95
      from c group by 1, 2)
    select s.at, w.p50 as wait_p50, w.p95 as wait_p95, d.p50 as duration_p50, d.p95 as duration_p95
    from ${buckets(range, bucket)} s(at)
    left join p w on w.at = s.at and w.kind = 'wait'
    left join p d on d.at = s.at and d.kind = 'duration'
    order by s.at`);
  const bin = (value: unknown): number | null =>
    value === null || value === undefined ? null : binSeconds(Number(value));
  const points = rowsOf<Record<string, unknown>>(result).map((row) => ({
    at: iso(row.at),
    wait_p50: bin(row.wait_p50),
    wait_p95: bin(row.wait_p95),
    duration_p50: bin(row.duration_p50),
    duration_p95: bin(row.duration_p95),
  }));
  return { bucket, points };
}

/** The releases and models with the highest share of failed builds among the ended (done or failed) ones. */
export async function failureRates(db: Db, range: DashboardRange): Promise<FailureRates> {
  const result = await db.execute(sql`
    with r as (
      select kind, key, sum(n) as n
      from ${rolledUp(range, ['ended_release', 'failed_release', 'ended_model', 'failed_model'])} r
      group by 1, 2),
    totals as (
      select split_part(kind, '_', 2) as kind, key as name,
        coalesce(sum(n) filter (where kind like 'ended%'), 0) as total,
        coalesce(sum(n) filter (where kind like 'failed%'), 0) as failed
      from r group by 1, 2),
    ranked as (
      select *, row_number() over (partition by kind order by failed::float8 / total desc, failed desc, name) as n
      from totals where failed > 0 and total > 0)
    select kind, name, total, failed from ranked where n <= ${FAILURE_TOP} order by kind, n`);
  const rows = rowsOf<{ kind: string; name: string; total: unknown; failed: unknown }>(result).map((row) => ({
    kind: row.kind,
    name: row.name,
    total: num(row.total),
    failed: num(row.failed),
    rate: num(row.failed) / num(row.total),
  }));
  const of = (kind: string) => rows.filter((row) => row.kind === kind).map(({ kind: _, ...row }) => row);
  return { by_release: of('release'), by_model: of('model') };
}

/**
 * Agents online (called in within the bucket) and busy (building within it), from the rollup (migration 0031):
 * the hours they called in ('agent_online', from agent_presence) and their finished runs' hours ('agent_busy');
 * the runs still building from build_runs_running_idx, one probe per agent for its earliest such run, busy
 * from then to now (grouping every running run by agent read 50,000 index entries in the bench).
 */
export async function agentsOverTime(db: Db, range: DashboardRange): Promise<AgentsOverTime> {
  const bucket = rangeBucket(range);
  const step = sql`${`1 ${bucket}`}::interval`;
  const result = await db.execute(sql`
    with online as (
      select ${trunc(bucket, sql`hour`)} as at, count(distinct key) as n
      from ${rolledUp(range, ['agent_online'])} r where n > 0 group by 1),
    running as (
      select * from (
        select w.id as agent_id, (
          select min(r.started_at) from build_runs r
          where r.agent_id = w.id and r.finished_at is null and r.started_at is not null) as started_at
        from workers w) a
      -- greatest() below skips a null: an agent building nothing must not count from the range's start.
      where started_at is not null),
    busy as (
      select at, count(distinct agent) as n from (
        select ${trunc(bucket, sql`hour`)} as at, key as agent
        from ${rolledUp(range, ['agent_busy'])} r where n > 0
        union all
        select s.at, running.agent_id::text from running cross join lateral generate_series(
          ${trunc(bucket, sql`greatest(running.started_at, ${since(range)})`)}, ${trunc(bucket, sql`now()`)}, ${step}) s(at)
      ) x group by at)
    select s.at, online.n as online, busy.n as busy
    from ${buckets(range, bucket)} s(at)
    left join online on online.at = s.at left join busy on busy.at = s.at order by s.at`);
  const points = rowsOf<Record<string, unknown>>(result).map((row) => ({
    at: iso(row.at),
    online: Math.max(num(row.online), num(row.busy)),
    busy: num(row.busy),
  }));
  return { bucket, points };
}

/**
 * Licenses issued (with a done build) per week and region: everyone's from the rollup ('license', migration
 * 0031), an account's through its builds (builds_dashboard_user_idx, then each build's issues by primary key).
 */
export async function licensesPerWeek(db: Db, range: DashboardRange, scope: Scope): Promise<LicensesPerWeek> {
  const agg =
    scope.accountId === undefined
      ? sql`
      select ${trunc('week', sql`r.hour`)} as at, l.region, sum(r.n) as issued
      from ${rolledUp(range, ['license'])} r join licenses l on l.id::text = r.key
      group by 1, 2 having sum(r.n) > 0`
      : sql`
      select ${trunc('week', sql`li.issued_at`)} as at, l.region, count(*) as issued
      from (select id from builds where user_id = ${scope.accountId} offset 0) b
      join license_issues li on li.build_id = b.id
      join licenses l on l.id = li.license_id
      where li.issued_at >= ${since(range)}
      group by 1, 2`;
  const result = await db.execute(sql`
    with agg as (${agg})
    select s.at, agg.region, agg.issued
    from ${buckets(range, 'week')} s(at) left join agg on agg.at = s.at order by s.at, agg.region`);
  const rows = rowsOf<{ at: unknown; region: string | null; issued: unknown }>(result);
  const regions = [...new Set(rows.flatMap((row) => (row.region ? [row.region] : [])))].sort();
  const points = rows.map((row) => ({ at: iso(row.at), region: row.region ?? '', issued: num(row.issued) }));
  return { bucket: 'week', regions, points };
}

/** Partners (accounts that are not staff) signed in within the range, of all partners. */
export async function activePartners(db: Db, range: DashboardRange): Promise<ActivePartners> {
  const result = await db.execute(sql`
    select count(*) filter (where last_active >= ${since(range)}) as active, count(*) as total
    from accounts where not is_removed and not is_admin and not is_developer`);
  const [row] = rowsOf<{ active: unknown; total: unknown }>(result);
  return { active: num(row?.active), total: num(row?.total) };
}

/** An account's last failed builds, each with its current run's first line that reads as an error. */
export async function lastFailedBuilds(db: Db, accountId: number): Promise<FailedBuilds> {
  const result = await db.execute(sql`
    select b.id, b.name, b.model, b.release_version, b.finished_at, coalesce(e.data, '') as error
    from builds b
    left join lateral (
      select data from build_events
      where build_id = b.id and run = b.run and type = 'log'
        and (data ~* '(error|fatal|fail)') order by id limit 1) e on true
    where b.user_id = ${accountId} and b.status = 'failed' and not b.is_removed
    order by b.finished_at desc nulls last, b.id desc limit ${FAILED_BUILDS_SHOWN}`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: num(row.id),
    name: String(row.name),
    model: String(row.model),
    release_version: String(row.release_version),
    finished_at: row.finished_at ? iso(row.finished_at) : null,
    error: String(row.error).split('\n')[0].slice(0, 500),
  }));
}

/**
 * Counts the rollup anew from the builds, runs and license issues (`npm run admin -- --rebuild-dashboard`);
 * answers its rows.
 */
export async function rebuildDashboardRollup(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select dashboard_rollup_rebuild()`);
    const [row] = rowsOf<{ n: unknown }>(await tx.execute(sql`select count(*) as n from dashboard_rollup`));
    return num(row?.n);
  });
}
