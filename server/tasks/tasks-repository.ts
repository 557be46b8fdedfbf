import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { PAGE_SIZE } from '../../contract/constants';
import type { Db } from '../platform/db/client';
import { countOften, countUnderWay, recentTotal, shareCount } from '../platform/db/large-counts';
import { pageWindow, preparedOnce } from '../platform/db/prepared-statements';
import { accounts, buildAgents, buildRuns, buildSets, builds } from '../platform/db/schema';
import { queuePositions, queueVersion } from './queue-positions';

export interface TaskFilters {
  /** Only this account's tasks. */
  userId?: number;
  search?: string;
  /** Only tasks of favourite sets. */
  isFavorite?: boolean;
  /** Admins' search also matches the owner's e-mail. */
  searchOwners?: boolean;
}

const b = builds;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

const taskColumns = {
  id: b.id,
  uuid: b.uuid,
  group_id: b.group_id,
  group_name: buildSets.name,
  model: b.model,
  platform: b.platform,
  install_type: b.install_type,
  series: b.series,
  release_version: b.release_version,
  status: b.status,
  progress: b.progress,
  cancel_requested: b.cancel_requested,
  attempts: b.attempts,
  created_at: b.queued_at,
  started_at: b.started_at,
  finished_at: b.finished_at,
  // Issue 17: the agent's name as the run recorded it, so a deleted agent's builds still name it.
  worker_name: sql<string | null>`coalesce(${buildAgents.name}, ${buildRuns.agent_name})`,
  run: b.run,
  is_favorite: buildSets.is_favorite,
  user_id: b.user_id,
  user_email: accounts.email,
};

/**
 * What issue 17's liveness of a running task needs (agents/agent-liveness.ts: LivenessFacts): the pages read
 * it with their rows, so that withEstimates reads nothing more for them.
 */
const livenessColumns = { lease_until: b.lease_until, agent_last_contact: buildAgents.last_contact };

/**
 * A task is a build job still on the list: not removed from it, and its build not removed. Written as
 * constants, not parameters, so that a prepared statement's generic plan can use the partial indexes
 * (builds_tasks_*: `where task_hidden = false and is_removed = false`): with parameters PostgreSQL planned the
 * page anew at every execution (~1 ms, measured 2026-11-25: more than running it).
 */
const listed = sql`${b.task_hidden} = false and ${b.is_removed} = false`;

/**
 * The filters' conditions; `values` stands for the filter values, which are placeholders in a prepared query
 * (the owner's id, the search pattern).
 */
function conditions(
  filters: TaskFilters,
  values: { userId: unknown; pattern: unknown } = {
    userId: filters.userId,
    pattern: filters.search?.trim() ? `%${escapeLike(filters.search.trim())}%` : undefined,
  },
): SQL | undefined {
  const pattern = values.pattern as string;
  return and(
    listed,
    filters.userId === undefined ? undefined : eq(b.user_id, values.userId as number),
    filters.isFavorite ? eq(buildSets.is_favorite, true) : undefined,
    filters.search?.trim()
      ? or(
          ilike(buildSets.name, pattern),
          ilike(b.model, pattern),
          ilike(b.release_version, pattern),
          ilike(sql`${b.uuid}::text`, pattern),
          filters.searchOwners ? ilike(accounts.email, pattern) : undefined,
        )
      : undefined,
  );
}

/**
 * Tasks with their set, owner and agent, and the queue's version for their positions; `total` is a column the
 * page query may carry (see listTasks).
 */
const fromTasks = (db: Db, total: SQL<number | null> = sql<null>`null`) =>
  db
    .select({ ...taskColumns, total, queue_version: queueVersion })
    .from(b)
    .innerJoin(buildSets, eq(buildSets.id, b.group_id))
    .innerJoin(accounts, eq(accounts.id, b.user_id))
    .leftJoin(buildAgents, eq(buildAgents.id, b.worker_id))
    .leftJoin(buildRuns, and(eq(buildRuns.build_id, b.id), eq(buildRuns.run, b.run)));

/** fromTasks with each row's liveness facts, for the pages. */
const fromTasksWithLiveness = (db: Db, total: SQL<number | null> = sql<null>`null`) =>
  db
    .select({ ...taskColumns, ...livenessColumns, total, queue_version: queueVersion })
    .from(b)
    .innerJoin(buildSets, eq(buildSets.id, b.group_id))
    .innerJoin(accounts, eq(accounts.id, b.user_id))
    .leftJoin(buildAgents, eq(buildAgents.id, b.worker_id))
    .leftJoin(buildRuns, and(eq(buildRuns.build_id, b.id), eq(buildRuns.run, b.run)));

const totalKey = (filters: TaskFilters) => `tasks:${JSON.stringify(filters)}`;

/** Whether the filters read the joined tables (a search, favourites): then the count must join them too. */
const readsJoins = (filters: TaskFilters) => filters.isFavorite || Boolean(filters.search?.trim());

/**
 * How many tasks match. Every build has its set and its owner (NOT NULL foreign keys), so the joins only
 * matter when a filter reads them: without one the count is an index-only scan of the builds alone.
 */
async function countTasksExactly(db: Db, filters: TaskFilters): Promise<number> {
  const where = conditions(filters);
  const query = readsJoins(filters)
    ? db
        .select({ total: count() })
        .from(b)
        .innerJoin(buildSets, eq(buildSets.id, b.group_id))
        .innerJoin(accounts, eq(accounts.id, b.user_id))
        .where(where)
    : db.select({ total: count() }).from(b).where(where);
  return (await query)[0]?.total ?? 0;
}

/** How many tasks match, a large total reused for a moment (large-counts.ts). */
const countTasks = (db: Db, filters: TaskFilters) =>
  countOften(db, totalKey(filters), () => countTasksExactly(db, filters));

const placeholders = { userId: sql.placeholder('userId'), pattern: sql.placeholder('pattern') };

/**
 * The count of a filter without joins as a column of the page query: the same conditions in an uncorrelated
 * subquery (its own `builds` shadows the page's), evaluated once as an InitPlan.
 */
const inlineTotal = (filters: TaskFilters) =>
  sql<number>`(select count(*)::int from ${b} where ${conditions(filters, placeholders)})`;

/**
 * The page query of one combination of filters, prepared once per database: the task lists are polled every
 * 5 s by every open console, and building the statement cost more than running it (PostgreSQL also keeps
 * its plan per connection). `withTotal` adds the count as a column, so a page and its total take one round
 * trip instead of two.
 */
function preparePage(db: Db, filters: TaskFilters, withTotal: boolean, firstPage: boolean, name: string) {
  const query = fromTasksWithLiveness(db, withTotal ? inlineTotal(filters) : undefined)
    .where(conditions(filters, placeholders))
    .orderBy(desc(b.queued_at), desc(b.id))
    .$dynamic();
  return pageWindow(query, PAGE_SIZE, firstPage, filters.userId !== undefined).prepare(name);
}

function pageOf(db: Db, filters: TaskFilters, page: number, withTotal: boolean) {
  const search = filters.search?.trim();
  const first = page === 0;
  const shape = [
    filters.userId !== undefined,
    filters.isFavorite,
    search,
    filters.searchOwners,
    withTotal,
    first,
  ];
  const query = preparedOnce(db, 'tasks_page', shape, (name) =>
    preparePage(db, filters, withTotal, first, name),
  );
  return query.execute({
    userId: filters.userId ?? null,
    pattern: search ? `%${escapeLike(search)}%` : null,
    offset: page * PAGE_SIZE,
  });
}

/**
 * One page of tasks, the most recently queued first, and how many match. Without a search or favourites the
 * total comes with the page (one statement), unless a large total counted a moment ago is reused (and, after
 * LARGE_COUNT_TTL_MS, counted again behind the request).
 */
export async function listTasks(db: Db, filters: TaskFilters, page: number) {
  const key = totalKey(filters);
  const recount = () => countTasksExactly(db, filters);
  if (
    !readsJoins(filters) &&
    recentTotal(db, key, recount) === undefined &&
    countUnderWay(db, key) === undefined
  ) {
    const found = pageOf(db, filters, page, true);
    // A page past the end has no row to carry the total: it is counted alone.
    const total = shareCount(
      db,
      key,
      found.then((rows) => rows[0]?.total ?? recount()),
    );
    const [rows, counted] = await Promise.all([found, total]);
    return { rows: await withPositions(db, rows), total: counted };
  }
  const [found, total] = await Promise.all([pageOf(db, filters, page, false), countTasks(db, filters)]);
  return { rows: await withPositions(db, found), total };
}

/** The rows as tasks: each pending one with its place in the queue (1-based, claim order), others null. */
async function withPositions<T extends { id: number; status: string; total: unknown; queue_version: string }>(
  db: Db,
  rows: T[],
) {
  const pending = rows.filter((row) => row.status === 'pending').map((row) => row.id);
  const positions = await queuePositions(db, rows[0]?.queue_version ?? '', pending);
  return rows.map(({ total: _, queue_version: __, ...row }) => ({
    ...row,
    queue_position: row.status === 'pending' ? (positions.get(row.id) ?? null) : null,
  }));
}

/** A task by build id; with `userId`, only that account's (another account's is as good as missing). */
export async function findTask(db: Db, id: number, userId?: number) {
  const [row] = await fromTasks(db)
    .where(and(eq(b.id, id), userId === undefined ? undefined : eq(b.user_id, userId)))
    .limit(1);
  return row ? (await withPositions(db, [row]))[0] : undefined;
}

export type TaskRow = NonNullable<Awaited<ReturnType<typeof findTask>>>;

export interface TaskCounters {
  pending: number;
  in_progress: number;
  failed: number;
}

/** Spec §3 task counters, over one account or everyone (an index-only count on builds_tasks_status_idx). */
export async function taskCounters(db: Db, userId?: number): Promise<TaskCounters> {
  const rows = await db
    .select({ status: b.status, total: count() })
    .from(b)
    .where(
      and(
        listed,
        inArray(b.status, ['pending', 'in_progress', 'failed']),
        userId === undefined ? undefined : eq(b.user_id, userId),
      ),
    )
    .groupBy(b.status);
  const counters: TaskCounters = { pending: 0, in_progress: 0, failed: 0 };
  for (const row of rows) counters[row.status as keyof TaskCounters] = row.total;
  return counters;
}

/** The listed tasks among `ids` (with `userId`, only that account's). */
export async function listedTasks(
  db: Db,
  ids: number[],
  userId?: number,
): Promise<{ id: number; user_id: number; status: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: b.id, user_id: b.user_id, status: b.status })
    .from(b)
    .where(and(inArray(b.id, ids), userId === undefined ? undefined : eq(b.user_id, userId)));
}

/** Removes tasks from the list; their builds stay. */
export async function hideTasks(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(b).set({ task_hidden: true }).where(inArray(b.id, ids));
}
