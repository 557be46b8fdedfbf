import { and, count, desc, eq, gt, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PAGE_SIZE } from '../../contract/constants';
import { ownerRole, type UpgradableAggregate, upgradableAggregate } from '../builds/upgrade-view';
import type { Db } from '../platform/db/client';
import { countOften } from '../platform/db/large-counts';
import { pageWindow, preparedOnce } from '../platform/db/prepared-statements';
import { accounts, type BuildSetRow, buildSets, builds } from '../platform/db/schema';
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

/** [model, release id] pairs, by model: see `builtModels`. */
export type BuiltModels = [model: string, releaseId: number][];

/** What a set's builds (not removed) are, to tell sets apart in a list (issue 37). */
export interface SetHolds {
  platforms: string[];
  install_types: string[];
  /** The workers of its builds' main (DevFee) pools. */
  main_workers: string[];
}

/** A set's row with the models it has built and what its builds are. */
export type BuildSetRowWithBuilt = BuildSetRow & { built: BuiltModels; holds: SetHolds };

const NO_HOLDS: SetHolds = { platforms: [], install_types: [], main_workers: [] };

/** The builds a set's subqueries read, as `b` (drizzle leaves the columns of a one-table query unqualified). */
const b = alias(builds, 'b');

/**
 * Per set (the outer query's row): its builds' platforms, install types and main pools' workers, sorted; with
 * `upgradable` (of `b`), also whether an upgrade would move any of them (`upgrade`), in the same pass.
 */
const setHolds = (upgradable?: UpgradableAggregate) => sql<(SetHolds & { upgrade?: boolean }) | null>`(
  select json_build_object(
    'platforms', coalesce(json_agg(distinct b.platform order by b.platform), '[]'::json),
    'install_types', coalesce(json_agg(distinct b.install_type order by b.install_type), '[]'::json),
    'main_workers', coalesce(
      json_agg(distinct p.worker order by p.worker) filter (where p.worker <> ''), '[]'::json)
    ${upgradable ? sql`, 'upgrade', ${upgradable.any}` : sql``}
  )
  from ${builds} b
  left join lateral (
    select e->>'worker' as worker from jsonb_array_elements(b.fee_pools_configs) e
    where e->>'type_fee_pool' = 'devfee' limit 1
  ) p on true
  ${upgradable?.join ?? sql``}
  where b.group_id = ${g}.id and not b.is_removed
)`;

/** The set's row with its built models and holds, as the queries below select them. */
const withBuilt = <T extends BuildSetRow>(set: T, built: BuiltModels | null, holds: SetHolds | null) => ({
  ...set,
  built: built ?? [],
  holds: holds
    ? { platforms: holds.platforms, install_types: holds.install_types, main_workers: holds.main_workers }
    : NO_HOLDS,
});

/**
 * Per set (the outer query's row): each model it has ever built (removed builds included, so 'missing models'
 * can offer them again) with the release of its newest build; a column of the list's own statement, so a page
 * takes one round trip. Spelled out with table names: drizzle leaves a single table's columns unqualified,
 * and an unqualified `id` in the subquery would be the build's.
 */
const builtModels = sql<BuiltModels | null>`(
  select json_agg(json_build_array(v.model, v.release_id) order by v.model)
  from (
    select distinct on (b.model) b.model, b.release_id
    from ${builds} b where b.group_id = ${g}.id
    order by b.model, b.id desc
  ) v
)`;

const placeholders = { userId: sql.placeholder('userId'), pattern: sql.placeholder('pattern') };

/**
 * The page query of one combination of filters (see preparedOnce), its total a column of it; with `owner`,
 * whether an upgrade would change each set too, in its holds (its id a placeholder: prepared once per role).
 */
function preparePage(db: Db, filters: SetFilters, firstPage: boolean, name: string, owner?: Viewer) {
  const where = setConditions(filters, placeholders);
  const ownerId = sql.placeholder('ownerId') as unknown as number;
  const query = db
    .select({
      set: g,
      built: builtModels,
      holds: setHolds(owner && upgradableAggregate({ ...owner, id: ownerId }, b)),
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
): Promise<Page<BuildSetRowWithBuilt & { upgrade_available?: boolean }>> {
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
  const rows = found.map(({ set, built, holds }) =>
    owner
      ? { ...withBuilt(set, built, holds), upgrade_available: Boolean(holds?.upgrade) }
      : withBuilt(set, built, holds),
  );
  return {
    rows,
    total,
  };
}

export interface ActiveFilters {
  search?: string;
  byVip?: boolean;
  isFavorite?: boolean;
}

export type BuildSetWithOwner = BuildSetRowWithBuilt & { email: string; worker: string };

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
        built: builtModels,
        holds: setHolds(),
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
      ...withBuilt(row.set, row.built, row.holds),
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
 * Recomputes the set's counters from its builds (one aggregate over the builds_group_idx index). Every write
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
    .set({ ...counts, updated_at: new Date() })
    .where(eq(g.id, setId));
}

/** A set by id with the models it has built, for answering it after a write. */
export async function findSetWithBuilt(db: Db, id: number): Promise<BuildSetRowWithBuilt | undefined> {
  const [row] = await db
    .select({ set: g, built: builtModels, holds: setHolds() })
    .from(g)
    .where(eq(g.id, id));
  return row && withBuilt(row.set, row.built, row.holds);
}
