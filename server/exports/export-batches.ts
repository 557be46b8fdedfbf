// Issue 17 exports: each one read from the database in batches (keyset or offset pages), never all at once.
import { and, asc, desc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import { PARTNER_FEE_SERIES } from '../../contract/constants';
import { feesByAccount } from '../accounts/partner-fees-repository';
import type { Db } from '../platform/db/client';
import { accounts, buildSets, builds, licenses } from '../platform/db/schema';

/** Rows per database round trip. */
export const EXPORT_BATCH = 500;

export type Row = readonly unknown[];

export const PARTNER_COLUMNS = [
  'id',
  'email',
  'worker',
  'is_admin',
  'is_developer',
  'is_tester',
  'is_vip',
  'is_blocked',
  'created_at',
  'last_active',
  ...PARTNER_FEE_SERIES.flatMap((series) => [`${series}_min_dev_fee`, `${series}_min_total_fee`]),
];

/** Partners (not removed) with their fee minimums per series, oldest first. */
export async function* partnerBatches(db: Db, size = EXPORT_BATCH): AsyncGenerator<Row[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(accounts)
      .where(and(eq(accounts.is_removed, false), gt(accounts.id, after)))
      .orderBy(asc(accounts.id))
      .limit(size);
    if (rows.length === 0) return;
    const fees = await feesByAccount(
      db,
      rows.map((row) => row.id),
    );
    yield rows.map((row) => {
      const own = new Map((fees.get(row.id) ?? []).map((fee) => [fee.series, fee]));
      return [
        row.id,
        row.email,
        row.worker,
        row.is_admin,
        row.is_developer,
        row.is_tester,
        row.is_vip,
        row.is_blocked,
        row.created_at,
        row.last_active,
        ...PARTNER_FEE_SERIES.flatMap((series) => [
          own.get(series)?.min_dev_fee ?? null,
          own.get(series)?.min_total_fee ?? null,
        ]),
      ];
    });
    after = rows[rows.length - 1].id;
    if (rows.length < size) return;
  }
}

export const LICENSE_COLUMNS = ['region', 'license', 'partner_id', 'partner_email', 'issued'];

/** Licenses issued (live builds carrying one), by region, license and partner. */
export async function* licenseBatches(db: Db, size = EXPORT_BATCH): AsyncGenerator<Row[]> {
  for (let offset = 0; ; offset += size) {
    const rows = await db
      .select({
        region: licenses.region,
        license: licenses.name,
        partner_id: accounts.id,
        partner_email: accounts.email,
        issued: sql<number>`count(*)`.mapWith(Number),
      })
      .from(builds)
      .innerJoin(licenses, eq(licenses.id, builds.license_id))
      .innerJoin(accounts, eq(accounts.id, builds.user_id))
      .where(and(eq(builds.add_license, true), eq(builds.is_removed, false)))
      .groupBy(licenses.region, licenses.name, accounts.id, accounts.email)
      .orderBy(asc(licenses.region), asc(licenses.name), asc(accounts.email), asc(accounts.id))
      .limit(size)
      .offset(offset);
    if (rows.length === 0) return;
    yield rows.map((row) => [row.region, row.license, row.partner_id, row.partner_email, row.issued]);
    if (rows.length < size) return;
  }
}

export const BUILD_COLUMNS = [
  'id',
  'uuid',
  'created_at',
  'partner_id',
  'partner_email',
  'set_id',
  'set_name',
  'name',
  'series',
  'model',
  'platform',
  'install_type',
  'release_version',
  'stage',
  'license',
  'status',
  'is_removed',
];

export interface BuildExportFilters {
  setId?: number;
  userId?: number;
  includeRemoved?: boolean;
}

/** Builds as the admin's builds list filters them (set, partner, show removed), newest first. */
export async function* buildBatches(
  db: Db,
  filters: BuildExportFilters,
  size = EXPORT_BATCH,
): AsyncGenerator<Row[]> {
  const where: (SQL | undefined)[] = [
    filters.setId === undefined ? undefined : eq(builds.group_id, filters.setId),
    filters.userId === undefined ? undefined : eq(builds.user_id, filters.userId),
    filters.includeRemoved ? undefined : eq(builds.is_removed, false),
  ];
  let before: number | undefined;
  for (;;) {
    const rows = await db
      .select({
        build: builds,
        email: accounts.email,
        setName: buildSets.name,
        license: licenses.name,
      })
      .from(builds)
      .innerJoin(accounts, eq(accounts.id, builds.user_id))
      .innerJoin(buildSets, eq(buildSets.id, builds.group_id))
      .leftJoin(licenses, eq(licenses.id, builds.license_id))
      .where(and(...where, before === undefined ? undefined : lt(builds.id, before)))
      .orderBy(desc(builds.id))
      .limit(size);
    if (rows.length === 0) return;
    yield rows.map(({ build: b, email, setName, license }) => [
      b.id,
      b.uuid,
      b.created_at,
      b.user_id,
      email,
      b.group_id,
      setName,
      b.name,
      b.series,
      b.model,
      b.platform,
      b.install_type,
      b.release_version,
      b.stage,
      b.add_license ? license : null,
      b.status,
      b.is_removed,
    ]);
    before = rows[rows.length - 1].build.id;
    if (rows.length < size) return;
  }
}
