import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { HIDDEN_SERIES } from '../../contract/constants';
import type { Db } from '../platform/db/client';
import { installTypes, modelPlatformInstallTypes, models, platforms, series } from '../platform/db/schema';

/**
 * What a viewer may see of the catalogue (spec §3, §6): admins everything; everyone else neither the hidden
 * series (x17, t2t) nor a blocked one, nor their models and combinations.
 */
export interface CatalogueViewer {
  is_admin: boolean;
}

/** The series a viewer sees, as a condition on a series name column. */
function visibleSeries(
  viewer: CatalogueViewer,
  column: typeof series.name | typeof models.series,
): SQL | undefined {
  if (viewer.is_admin) return undefined;
  return sql`${column} not in (${sql.join(
    HIDDEN_SERIES.map((name) => sql`${name}`),
    sql`, `,
  )}) and ${column} in (select ${series.name} from ${series} where ${series.is_blocked} = false)`;
}

export function listSeries(db: Db, viewer: CatalogueViewer = { is_admin: true }) {
  return db.select().from(series).where(visibleSeries(viewer, series.name)).orderBy(asc(series.name));
}

export function listModels(db: Db, viewer: CatalogueViewer = { is_admin: true }) {
  return db
    .select()
    .from(models)
    .where(visibleSeries(viewer, models.series))
    .orderBy(asc(models.series), asc(models.name));
}

export function listPlatforms(db: Db) {
  return db.select().from(platforms).orderBy(asc(platforms.name));
}

export function listInstallTypes(db: Db) {
  return db.select().from(installTypes).orderBy(asc(installTypes.name));
}

export function listCombinations(db: Db, viewer: CatalogueViewer = { is_admin: true }) {
  const t = modelPlatformInstallTypes;
  const visible = viewer.is_admin
    ? undefined
    : inArray(
        t.model,
        db.select({ name: models.name }).from(models).where(visibleSeries(viewer, models.series)),
      );
  return db.select().from(t).where(visible).orderBy(asc(t.model), asc(t.platform), asc(t.install_type));
}

export async function countSeries(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(series);
  return row?.count ?? 0;
}

export interface Catalogue {
  series: (typeof series.$inferInsert)[];
  models: (typeof models.$inferInsert)[];
  platforms: (typeof platforms.$inferInsert)[];
  installTypes: (typeof installTypes.$inferInsert)[];
  combinations: (typeof modelPlatformInstallTypes.$inferInsert)[];
}

/** Inserts a catalogue; rows that already exist are left as they are. */
export async function insertCatalogue(db: Db, catalogue: Catalogue): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(series).values(catalogue.series).onConflictDoNothing();
    await tx.insert(models).values(catalogue.models).onConflictDoNothing();
    await tx.insert(platforms).values(catalogue.platforms).onConflictDoNothing();
    await tx.insert(installTypes).values(catalogue.installTypes).onConflictDoNothing();
    await tx.insert(modelPlatformInstallTypes).values(catalogue.combinations).onConflictDoNothing();
  });
}

// ── Lookups for the build form's checks (issue 4) ──

export async function findModel(db: Db, name: string) {
  const [row] = await db.select().from(models).where(eq(models.name, name));
  return row;
}

export async function findSeries(db: Db, name: string) {
  const [row] = await db.select().from(series).where(eq(series.name, name));
  return row;
}

/** Whether the catalogue has the model on the platform (with that install type, when one is given). */
export async function combinationExists(
  db: Db,
  combination: { model: string; platform: string; install_type?: string },
): Promise<boolean> {
  const t = modelPlatformInstallTypes;
  const [row] = await db
    .select({ model: t.model })
    .from(t)
    .where(
      and(
        eq(t.model, combination.model),
        eq(t.platform, combination.platform),
        combination.install_type === undefined ? undefined : eq(t.install_type, combination.install_type),
      ),
    )
    .limit(1);
  return row !== undefined;
}
