import { asc, sql } from 'drizzle-orm';
import type { Db } from './client';
import { installTypes, modelPlatformInstallTypes, models, platforms, series } from './schema';

export function listSeries(db: Db) {
  return db.select().from(series).orderBy(asc(series.name));
}

export function listModels(db: Db) {
  return db.select().from(models).orderBy(asc(models.series), asc(models.name));
}

export function listPlatforms(db: Db) {
  return db.select().from(platforms).orderBy(asc(platforms.name));
}

export function listInstallTypes(db: Db) {
  return db.select().from(installTypes).orderBy(asc(installTypes.name));
}

export function listCombinations(db: Db) {
  const t = modelPlatformInstallTypes;
  return db.select().from(t).orderBy(asc(t.model), asc(t.platform), asc(t.install_type));
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
