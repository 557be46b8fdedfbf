import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { type Liveness, withLiveness } from '../../agents/agent-liveness';
import type { Db } from '../../platform/db/client';
import { buildAgents, builds } from '../../platform/db/schema';
import { fairOrder, fairQueue } from '../../queue/fair-order';
import { rowsOf } from '../runs/kept-runs';

/**
 * Issue 16 item 5: where a pending build stands in the queue and when it should start and finish, and when a
 * running one should finish. Durations are the median of the recent builds of the same series (of every
 * series when it has none yet), run on as many agents as are online: the queue is played out in claim order
 * (the fair order as it stands: builds ending later move their account's turns up, which it does not foresee),
 * each build going to the agent free first.
 */

/** Recent builds per series whose durations make the median. */
const RECENT = 20;
/** The queue is played out this far; later places get a position but no times. */
const HORIZON = 1_000;
/** A forecast serves every list read this long (the task lists are polled every 5 s by every console). */
const FORECAST_MS = 2_000;
/**
 * A forecast that took long to read (issue 42: ~1 s with 50,000 builds running and 50,000 pending, more on a
 * loaded machine) is read again behind the requests, which take the kept one meanwhile (for at most twice
 * as long again), once it is this many times its reading old: re-reading takes a tenth of a connection's time.
 */
const FORECAST_COST_FACTOR = 10;
/** The medians change slowly, and reading them scans the finished builds: kept longer. */
const MEDIANS_MS = 60_000;

export interface Estimate {
  queue_position: number | null;
  estimated_start_at: string | null;
  estimated_finish_at: string | null;
}

interface Forecast {
  at: number;
  /** How long it took to read (ms). */
  tookMs: number;
  estimates: Map<number, Estimate>;
  /** The whole queue was played out (else a build missing from it may be past the horizon). */
  complete: boolean;
}

export interface Durations {
  /** Median build time (ms) per series. */
  bySeries: Map<string, number>;
  /** Median over every series' recent builds, for a series with none; undefined when nothing was built. */
  overall: number | undefined;
}

const median = (values: number[]): number | undefined => {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const keptMedians = new WeakMap<Db, { at: number; durations: Durations }>();
const keptForecasts = new WeakMap<Db, Promise<Forecast>>();

/**
 * The builds whose times the medians count: done by an agent (not reused), with a start. Written out, not
 * bound: it is `builds_recent_done_idx`'s predicate, which the planner matches only against the same text.
 */
const RAN_DONE = sql.raw(`status = 'done' and attempts > 0 and started_at is not null`);

/**
 * The median build time of each series over its last RECENT builds that an agent ran (not reused ones). Read
 * from `builds_recent_done_idx`: the series one by one (a loose index scan), then each one's RECENT newest. At
 * 1,000,000 builds a window over every done build took 1–4 s here, and the forecast of every list waited on it.
 */
export async function recentDurations(db: Db): Promise<Durations> {
  const kept = keptMedians.get(db);
  if (kept && Date.now() - kept.at < MEDIANS_MS) return kept.durations;
  const result = await db.execute(sql`
    with recursive serie(name) as (
      (select series from builds where ${RAN_DONE} order by series limit 1)
      union all
      select (select b.series from builds b where ${RAN_DONE} and b.series > serie.name order by b.series limit 1)
      from serie where serie.name is not null
    )
    select serie.name as series, recent.ms from serie
    cross join lateral (
      select extract(epoch from finished_at - started_at) * 1000 as ms from builds
      where series = serie.name and ${RAN_DONE} and finished_at >= started_at
      order by finished_at desc nulls last limit ${sql.raw(String(RECENT))}
    ) recent
    where serie.name is not null`);
  const rows = rowsOf<{ series: string; ms: number | string }>(result);
  const bySeriesValues = new Map<string, number[]>();
  for (const row of rows) {
    const values = bySeriesValues.get(row.series) ?? [];
    values.push(Number(row.ms));
    bySeriesValues.set(row.series, values);
  }
  const bySeries = new Map<string, number>();
  for (const [series, values] of bySeriesValues) bySeries.set(series, median(values) as number);
  const durations = { bySeries, overall: median(rows.map((row) => Number(row.ms))) };
  keptMedians.set(db, { at: Date.now(), durations });
  return durations;
}

export interface QueueState {
  now: number;
  agentsOnline: number;
  /** Running builds: their series and start (ms). */
  running: { id: number; series: string; startedAt: number }[];
  /** Pending builds in claim order. */
  pending: { id: number; series: string }[];
  durations: Durations;
}

/** Plays the queue out (pure): each pending build goes to the agent that is free first. */
export function playQueue({
  now,
  agentsOnline,
  running,
  pending,
  durations,
}: QueueState): Map<number, Estimate> {
  const durationOf = (series: string) => durations.bySeries.get(series) ?? durations.overall;
  const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
  const estimates = new Map<number, Estimate>();
  // When each agent is free: after its running build's expected end (never before now), or now.
  const free: (number | undefined)[] = [];
  for (const build of running) {
    const duration = durationOf(build.series);
    const end = duration === undefined ? undefined : Math.max(now, build.startedAt + duration);
    free.push(end);
    estimates.set(build.id, {
      queue_position: null,
      estimated_start_at: null,
      estimated_finish_at: iso(end),
    });
  }
  const agents = Math.max(agentsOnline, running.length);
  while (free.length < agents) free.push(now);
  // No agent online: nobody to take the queue, whatever the running builds' (lost) agents held.
  let known = agentsOnline > 0;
  pending.forEach((build, index) => {
    const estimate: Estimate = {
      queue_position: index + 1,
      estimated_start_at: null,
      estimated_finish_at: null,
    };
    estimates.set(build.id, estimate);
    if (!known) return;
    let slot = 0;
    for (let i = 1; i < free.length; i++) if ((free[i] ?? Infinity) < (free[slot] ?? Infinity)) slot = i;
    const start = free[slot];
    const duration = durationOf(build.series);
    // An agent whose end nobody can tell, or a build of unknown length: the later places are unknown too.
    if (start === undefined || duration === undefined) {
      known = false;
      return;
    }
    estimate.estimated_start_at = iso(start);
    estimate.estimated_finish_at = iso(start + duration);
    free[slot] = start + duration;
  });
  return estimates;
}

async function readForecast(db: Db, offlineAfterMs: number): Promise<Forecast> {
  const now = Date.now();
  const seenSince = new Date(now - offlineAfterMs);
  const durations = await recentDurations(db);
  const [online] = await db
    .select({ n: count() })
    .from(buildAgents)
    .where(and(gte(buildAgents.last_contact, seenSince), eq(buildAgents.is_blocked, false)));
  const running = await db
    .select({ id: builds.id, series: builds.series, started_at: builds.started_at })
    .from(builds)
    .where(and(eq(builds.status, 'in_progress'), eq(builds.is_removed, false)))
    .orderBy(desc(builds.started_at));
  // Issue 36: in the fair order, the claims' own (server/queue/fair-order.ts).
  const result = await db.execute(sql`
    select f.id, f.series from ${fairQueue()} f order by ${fairOrder('f')} limit ${HORIZON}`);
  const pending = rowsOf<{ id: number; series: string }>(result).map((row) => ({
    id: Number(row.id),
    series: row.series,
  }));
  const estimates = playQueue({
    now,
    agentsOnline: Number(online?.n ?? 0),
    running: running.map((row) => ({
      id: row.id,
      series: row.series,
      startedAt: row.started_at?.getTime() ?? now,
    })),
    pending,
    durations,
  });
  return { at: now, tookMs: Date.now() - now, estimates, complete: pending.length < HORIZON };
}

/** How long `forecast` serves every list read before it is read again. */
const servesFor = (forecast: Forecast) => Math.max(FORECAST_MS, FORECAST_COST_FACTOR * forecast.tookMs);

/** The databases whose forecast is being read again behind the requests. */
const rereading = new WeakSet<Db>();

/** Keeps `reading` as `db`'s forecast; a quick one is forgotten after FORECAST_MS (a slow one: see forecast). */
function keep(db: Db, reading: Promise<Forecast>): Promise<Forecast> {
  keptForecasts.set(db, reading);
  const forget = () => keptForecasts.get(db) === reading && keptForecasts.delete(db);
  reading.then((read) => {
    if (read.tookMs * FORECAST_COST_FACTOR <= FORECAST_MS) setTimeout(forget, FORECAST_MS);
  }, forget);
  return reading;
}

/**
 * The queue's forecast, read at most every FORECAST_MS per database and shared by concurrent readers; read
 * afresh when it misses a live build asked about (queued or claimed since). A slow one (FORECAST_COST_FACTOR)
 * is read again behind the requests, which take the kept one until the new one is in.
 */
async function forecast(
  db: Db,
  offlineAfterMs: number,
  live: { id: number; status: string }[],
): Promise<Forecast> {
  const kept = keptForecasts.get(db);
  if (kept) {
    const known = await kept.catch(() => undefined);
    // Kept while it knows every live build asked about in the state it has now (not claimed since).
    const current = (row: { id: number; status: string }) =>
      (known?.estimates.get(row.id)?.queue_position != null) === (row.status === 'pending');
    const age = known ? Date.now() - known.at : 0;
    if (
      known &&
      age < 2 * servesFor(known) &&
      (!known.complete || live.every((row) => known.estimates.has(row.id) && current(row)))
    ) {
      if (age >= servesFor(known) && !rereading.has(db)) {
        rereading.add(db);
        readForecast(db, offlineAfterMs)
          .then((read) => {
            if (keptForecasts.get(db) === kept) keep(db, Promise.resolve(read));
          })
          .catch(() => {})
          .finally(() => rereading.delete(db));
      }
      return known;
    }
    if (keptForecasts.get(db) === kept) keptForecasts.delete(db);
  }
  return keep(db, readForecast(db, offlineAfterMs));
}

const NONE: Estimate = { queue_position: null, estimated_start_at: null, estimated_finish_at: null };

/**
 * Rows (tasks or builds) with their estimate: a pending one its place and expected start and finish, a
 * running one its expected finish, others nulls. A row's own queue_position (the tasks' exact count) is kept.
 * Running rows also say whether their agent still answers (agent-liveness.ts).
 */
export async function withEstimates<T extends { id: number; status: string; queue_position?: number | null }>(
  db: Db,
  rows: T[],
  offlineAfterMs: number,
): Promise<(T & Estimate & Liveness)[]> {
  const live = rows.filter((row) => row.status === 'pending' || row.status === 'in_progress');
  const { estimates } =
    live.length > 0 ? await forecast(db, offlineAfterMs, live) : { estimates: new Map<number, Estimate>() };
  // Issue 17: a running build whose agent went silent says so, and when its lease sends it back.
  return (await withLiveness(db, rows, offlineAfterMs)).map((row) => {
    const estimate =
      row.status === 'pending' || row.status === 'in_progress' ? (estimates.get(row.id) ?? NONE) : NONE;
    // A task's own place (counted exactly by the task list) stands; builds take the forecast's.
    const queue_position = 'queue_position' in row ? (row.queue_position ?? null) : estimate.queue_position;
    return { ...row, ...estimate, queue_position };
  });
}

/** Drops the kept forecast and medians of `db` (tests that change the agents or the history). */
export function forgetEstimates(db: Db): void {
  keptForecasts.delete(db);
  keptMedians.delete(db);
}
