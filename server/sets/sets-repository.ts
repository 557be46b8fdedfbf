import { and, count, desc, eq, gt, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { PAGE_SIZE } from '../../contract/constants';
import { stageClassOf } from '../builds/input/release-choice';
import { ownerRole, upgradableFloors } from '../builds/upgrade-view';
import type { Db } from '../platform/db/client';
import { countOften } from '../platform/db/large-counts';
import { pageWindow, preparedOnce } from '../platform/db/prepared-statements';
import { accounts, type BuildSetRow, buildSets, builds, type SetBuildsSummary } from '../platform/db/schema';
import type { Viewer } from '../releases/releases-repository';

export type { BuildSetRow };
export type NewBuildSetRow = Pick<BuildSetRow, 'user_id' | 'name'> &
  Partial<Pick<BuildSetRow, 'description' | 'logo_id' | 'ssh_keys' | 'is_favorite'>>;
export type SetChanges = Partial<
  Pick<BuildSetRow, 'name' | 'description' | 'logo_id' | 'ssh_keys' | 'is_favorite'>
>;

export interface SetFilters {
  userId?: number;
  search?: string;
  isFavorite?: boolean;
  /** Spec's 'show removed': removed sets are listed too. */
  includeRemoved?: boolean;
}

const g = buildSets;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);
const searchPattern = (search?: string) => (search?.trim() ? `%${escapeLike(search.trim())}%` : undefined);

/** The filters' conditions; `values` stands for the owner's id and the search pattern (placeholders). */
function setConditions(
  filters: SetFilters,
  values: { userId: unknown; pattern: unknown } = {
    userId: filters.userId,
    pattern: searchPattern(filters.search),
  },
): SQL | undefined {
  return and(
    filters.userId === undefined ? undefined : eq(g.user_id, values.userId as number),
    filters.includeRemoved ? undefined : eq(g.is_removed, false),
    filters.isFavorite ? eq(g.is_favorite, true) : undefined,
    searchPattern(filters.search) ? ilike(g.name, values.pattern as string) : undefined,
  );
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/** The builds the summary reads, as `b` (drizzle leaves the columns of a one-table query unqualified). */
const b = alias(builds, 'b');

/** A JSON array of `value` over the set's builds, each once and sorted; `[]` when there is none. */
const distinctSorted = (value: SQL) =>
  sql`coalesce(jsonb_agg(distinct ${value} order by ${value}) filter (where ${value} is not null), '[]'::jsonb)`;

/**
 * What a set's builds are (SetBuildsSummary), computed from them: the set is the outer statement's row of
 * firmware_groups, spelled out by table name (an unqualified `id` in a subquery would be the build's).
 * recountSet keeps it in the set's row; the lists read that. A function: release-choice's stage classes are
 * read when a statement is written, not when this module loads.
 */
const buildsSummary = () => sql<SetBuildsSummary>`(
  select jsonb_build_object(
    'built', coalesce((
      select jsonb_agg(jsonb_build_array(v.model, v.release_id) order by v.model)
      from (
        select distinct on (b.model) b.model, b.release_id
        from ${builds} b where b.group_id = ${g}.id
        order by b.model, b.id desc
      ) v), '[]'::jsonb),
    'platforms', ${distinctSorted(sql`live.platform`)},
    'install_types', ${distinctSorted(sql`live.install_type`)},
    'main_workers', ${distinctSorted(sql`nullif(live.worker, '')`)},
    'floors', coalesce((
      select jsonb_agg(jsonb_build_array(f.series, f.class, f.release_id) order by f.series, f.class)
      from (
        select ${b.series} as series, ${stageClassOf(b.stage)} as class, min(${b.release_id}) as release_id
        from ${builds} b where b.group_id = ${g}.id and not b.is_removed group by 1, 2
      ) f), '[]'::jsonb)
  )
  from (
    select b.platform, b.install_type, (
      select e->>'worker' from jsonb_array_elements(b.fee_pools_configs) e
      where e->>'type_fee_pool' = 'devfee' limit 1
    ) as worker
    from ${builds} b where b.group_id = ${g}.id and not b.is_removed
  ) live
)`;

/** The summary's SQL as text, its values inline: for writers of raw SQL (bench/data.ts seeds a million builds). */
export const buildsSummaryText = (): string => new PgDialect().sqlToQuery(buildsSummary().inlineParams()).sql;

/** Keeps the builds' summary of sets `ids` (locked by the caller, see lockSet) after their builds changed. */
export async function summarizeSets(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(g).set({ builds_summary: buildsSummary() }).where(inArray(g.id, ids));
}

/**
 * Locks the sets that hold builds of release `releaseId`, in id order (as one lockSet after another would),
 * and answers their ids: before a write that moves those builds, so a set is always locked before its builds.
 */
export async function lockSetsOfRelease(db: Db, releaseId: number): Promise<number[]> {
  const rows = await db
    .select({ id: g.id })
    .from(g)
    .where(
      inArray(g.id, db.select({ id: builds.group_id }).from(builds).where(eq(builds.release_id, releaseId))),
    )
    .orderBy(g.id)
    .for('update');
  return rows.map((row) => row.id);
}

const placeholders = { userId: sql.placeholder('userId'), pattern: sql.placeholder('pattern') };

/**
 * The page query of one combination of filters (see preparedOnce), its total a column of it; with `owner`,
 * whether an upgrade would change each set too (its id a placeholder: prepared once per role).
 */
function preparePage(db: Db, filters: SetFilters, firstPage: boolean, name: string, owner?: Viewer) {
  const where = setConditions(filters, placeholders);
  const ownerId = sql.placeholder('ownerId') as unknown as number;
  const query = db
    .select({
      set: g,
      upgrade: owner
        ? upgradableFloors({ ...owner, id: ownerId }, sql`${g.builds_summary}->'floors'`)
        : sql<boolean>`false`,
      total: sql<number>`(select count(*)::int from ${g} where ${where ?? sql`true`})`,
    })
    .from(g)
    .where(where)
    .orderBy(desc(g.id))
    .$dynamic();
  return pageWindow(query, PAGE_SIZE, firstPage).prepare(name);
}

/**
 * One page of sets, newest first, and how many match (served by the (user_id, is_removed, id) index). The
 * total is a column of the same statement (an uncorrelated subquery: counted once), so the page takes one
 * round trip; a page past the end has no row to carry it and counts on its own.
 */
export async function listSets(
  db: Db,
  filters: SetFilters,
  page: number,
  owner?: Viewer,
): Promise<Page<BuildSetRow & { upgrade_available?: boolean }>> {
  const pattern = searchPattern(filters.search);
  const first = page === 0;
  const role = owner && ownerRole(owner);
  const shape = [filters.userId !== undefined, filters.includeRemoved, filters.isFavorite, pattern, first];
  const kind = role ? `sets_page_${role}` : 'sets_page';
  const query = preparedOnce(db, kind, shape, (name) => preparePage(db, filters, first, name, owner));
  const found = await query.execute({
    userId: filters.userId ?? null,
    pattern: pattern ?? null,
    offset: page * PAGE_SIZE,
    ownerId: owner?.id ?? null,
  });
  const total =
    found[0]?.total ??
    (await db.select({ total: count() }).from(g).where(setConditions(filters)))[0]?.total ??
    0;
  // Without an owner the rows are the sets alone (the admins' lists of a partner's sets answer no such field).
  const rows = found.map(({ set, upgrade }) => (owner ? { ...set, upgrade_available: upgrade } : set));
  return { rows, total };
}

export interface ActiveFilters {
  search?: string;
  byVip?: boolean;
  isFavorite?: boolean;
}

export type BuildSetWithOwner = BuildSetRow & { email: string; worker: string };

function activeConditions(filters: ActiveFilters, pattern: unknown): SQL | undefined {
  return and(
    eq(g.is_removed, false),
    gt(g.count_firmwares, 0),
    filters.isFavorite ? eq(g.is_favorite, true) : undefined,
    filters.byVip ? eq(accounts.is_vip, true) : undefined,
    searchPattern(filters.search)
      ? or(
          ilike(g.name, pattern as string),
          ilike(accounts.email, pattern as string),
          ilike(accounts.worker, pattern as string),
        )
      : undefined,
  );
}

const prepareActivePage = (db: Db, filters: ActiveFilters, firstPage: boolean, name: string) =>
  pageWindow(
    db
      .select({
        set: g,
        email: accounts.email,
        worker: accounts.worker,
      })
      .from(g)
      .innerJoin(accounts, eq(accounts.id, g.user_id))
      .where(activeConditions(filters, placeholders.pattern))
      .orderBy(desc(g.id))
      .$dynamic(),
    PAGE_SIZE,
    firstPage,
  ).prepare(name);

/** Sets that hold builds, across every account, with their owner's e-mail and worker; newest first. */
export async function listActiveSets(
  db: Db,
  filters: ActiveFilters,
  page: number,
): Promise<Page<BuildSetWithOwner>> {
  const pattern = searchPattern(filters.search);
  const where = activeConditions(filters, pattern);
  const first = page === 0;
  const shape = [filters.byVip, filters.isFavorite, pattern, first];
  const query = preparedOnce(db, 'active_sets_page', shape, (name) =>
    prepareActivePage(db, filters, first, name),
  );
  const [rows, total] = await Promise.all([
    query.execute({ pattern: pattern ?? null, offset: page * PAGE_SIZE }),
    // Every set has its owner (a NOT NULL foreign key): the join only matters when a filter reads it.
    countOften(db, `active-sets:${JSON.stringify(filters)}`, async () => {
      const [totals] = await (filters.byVip || pattern
        ? db.select({ total: count() }).from(g).innerJoin(accounts, eq(accounts.id, g.user_id)).where(where)
        : db.select({ total: count() }).from(g).where(where));
      return totals?.total ?? 0;
    }),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row.set,
      email: row.email,
      worker: row.worker,
    })),
    total,
  };
}

/** A set by id; with `userId`, only that account's (another account's set is as good as missing). */
export async function findSet(db: Db, id: number, userId?: number): Promise<BuildSetRow | undefined> {
  const [row] = await db
    .select()
    .from(g)
    .where(and(eq(g.id, id), userId === undefined ? undefined : eq(g.user_id, userId)));
  return row;
}

export async function findSetByLinkUuid(db: Db, linkUuid: string): Promise<BuildSetRow | undefined> {
  const [row] = await db.select().from(g).where(eq(g.link_uuid, linkUuid));
  return row;
}

/** Holds the set's row until the transaction ends, so counters written by concurrent build writes add up. */
export async function lockSet(db: Db, id: number): Promise<void> {
  await db.select({ id: g.id }).from(g).where(eq(g.id, id)).for('update');
}

/** Whether another set of the account that is not removed has this name, whatever its case. */
export async function setNameTaken(
  db: Db,
  userId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: g.id })
    .from(g)
    .where(
      and(
        eq(g.user_id, userId),
        eq(g.is_removed, false),
        sql`lower(${g.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(g.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertSet(db: Db, values: NewBuildSetRow): Promise<BuildSetRow> {
  const [row] = await db.insert(g).values(values).returning();
  return row;
}

export async function updateSet(db: Db, id: number, changes: SetChanges): Promise<BuildSetRow> {
  const [row] = await db
    .update(g)
    .set({ ...changes, updated_at: new Date() })
    .where(eq(g.id, id))
    .returning();
  return row;
}

/** Soft-removes the set; its builds are removed by the caller in the same transaction. */
export async function markSetRemoved(db: Db, id: number): Promise<void> {
  await db.update(g).set({ is_removed: true, updated_at: new Date() }).where(eq(g.id, id));
}

/**
 * Recomputes the set's counters and its builds' summary from its builds (over the builds_group_idx index). Every write
 * that adds, removes or changes the status of a build calls it in the same transaction, after lockSet;
 * build agents (their own issue) must do the same when a build changes status.
 */
export async function recountSet(db: Db, setId: number): Promise<void> {
  const live = sql`${builds.is_removed} = false`;
  const [counts] = await db
    .select({
      count_firmwares: sql<number>`count(*) filter (where ${live})::int`,
      count_pending: sql<number>`count(*) filter (where ${live} and ${builds.status} = 'pending')::int`,
      count_in_progress: sql<number>`count(*) filter (where ${live} and ${builds.status} = 'in_progress')::int`,
      count_failed: sql<number>`count(*) filter (where ${live} and ${builds.status} = 'failed')::int`,
      count_removed_firmwares: sql<number>`count(*) filter (where ${builds.is_removed})::int`,
    })
    .from(builds)
    .where(eq(builds.group_id, setId));
  await db
    .update(g)
    .set({ ...counts, builds_summary: buildsSummary(), updated_at: new Date() })
    .where(eq(g.id, setId));
}
