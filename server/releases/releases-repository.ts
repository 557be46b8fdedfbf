import { and, asc, desc, eq, inArray, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { HIDDEN_SERIES } from '../../contract/constants';
import type { RoleFlags } from '../../contract/roles';
import type { Release, ReleaseDescription, ReleaseTag } from '../../contract/schemas/release-schemas';
import type { Db } from '../platform/db/client';
import {
  builds,
  type NewReleaseRow,
  type ReleaseRow,
  releaseDescriptions,
  releases,
  releaseTags,
  series,
} from '../platform/db/schema';
import { lockSetsOfRelease, summarizeSets } from '../sets/sets-repository';

export type { ReleaseRow };

export type Viewer = RoleFlags & { id: number };

/**
 * Spec §6, enforced here: which releases a viewer may see. An account holding several flags sees what its
 * most permissive one allows (admin, then developer, then tester, then user). Removed releases and the
 * hidden and blocked series are for admins only, and an admin sees removed ones only when asking for them.
 */
export function releaseVisibility(viewer: Viewer, includeDeleted: boolean): SQL | undefined {
  const r = releases;
  if (viewer.is_admin) return includeDeleted ? undefined : eq(r.is_removed, false);
  const published = and(eq(r.is_draft, false), eq(r.is_public, true));
  let byRole: SQL | undefined;
  if (viewer.is_developer) {
    byRole = or(eq(r.user_id, viewer.id), and(eq(r.is_draft, false), ne(r.stage, 'dev')));
  } else if (viewer.is_tester) {
    byRole = and(published, notInArray(r.stage, ['dev', 'prerelease']));
  } else {
    byRole = and(published, eq(r.stage, 'stable'));
  }
  // A blocked series is hidden from everyone but admins, its releases too (issue 17).
  const unblocked = sql`${r.series} in (select ${series.name} from ${series} where ${series.is_blocked} = false)`;
  return and(eq(r.is_removed, false), notInArray(r.series, [...HIDDEN_SERIES]), unblocked, byRole);
}

function toRelease(row: ReleaseRow, tags: ReleaseTag[], descriptions: ReleaseDescription[]): Release {
  return {
    ...row,
    tags,
    descriptions,
    created_at: row.created_at.toISOString(),
    deploy_requested_at: row.deploy_requested_at?.toISOString() ?? null,
  };
}

/** Releases with their tags and descriptions, newest first. */
async function withDetails(db: Db, rows: ReleaseRow[]): Promise<Release[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [tags, descriptions] = await Promise.all([
    db
      .select()
      .from(releaseTags)
      .where(inArray(releaseTags.release_id, ids))
      .orderBy(asc(releaseTags.repository_name)),
    db
      .select()
      .from(releaseDescriptions)
      .where(inArray(releaseDescriptions.release_id, ids))
      .orderBy(asc(releaseDescriptions.language)),
  ]);
  const group = <T extends { release_id: number }>(list: T[]) => {
    const map = new Map<number, Omit<T, 'release_id'>[]>();
    for (const { release_id, ...rest } of list) map.set(release_id, [...(map.get(release_id) ?? []), rest]);
    return map;
  };
  const tagsOf = group(tags);
  const descriptionsOf = group(descriptions);
  return rows.map((row) => toRelease(row, tagsOf.get(row.id) ?? [], descriptionsOf.get(row.id) ?? []));
}

export async function listReleases(db: Db, where: SQL | undefined): Promise<Release[]> {
  const rows = await db.select().from(releases).where(where).orderBy(desc(releases.id));
  return withDetails(db, rows);
}

export async function seriesExists(db: Db, name: string): Promise<boolean> {
  const [row] = await db.select({ name: series.name }).from(series).where(eq(series.name, name));
  return row !== undefined;
}

export async function findReleaseRow(db: Db, id: number): Promise<ReleaseRow | undefined> {
  const [row] = await db.select().from(releases).where(eq(releases.id, id));
  return row;
}

export async function loadRelease(db: Db, id: number): Promise<Release | undefined> {
  const row = await findReleaseRow(db, id);
  return row && (await withDetails(db, [row]))[0];
}

export async function listReleaseTags(db: Db, id: number): Promise<ReleaseTag[]> {
  return db
    .select({ repository_name: releaseTags.repository_name, tag_name: releaseTags.tag_name })
    .from(releaseTags)
    .where(eq(releaseTags.release_id, id))
    .orderBy(asc(releaseTags.repository_name));
}

export async function listReleaseDescriptions(db: Db, id: number): Promise<ReleaseDescription[]> {
  return db
    .select({ language: releaseDescriptions.language, description: releaseDescriptions.description })
    .from(releaseDescriptions)
    .where(eq(releaseDescriptions.release_id, id))
    .orderBy(asc(releaseDescriptions.language));
}

/** The non-removed release other than `exceptId` that holds this version in the series and stage, if any. */
export async function versionHolder(
  db: Db,
  key: { series: string; stage: ReleaseRow['stage']; version: string },
  exceptId?: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: releases.id })
    .from(releases)
    .where(
      and(
        eq(releases.series, key.series),
        eq(releases.stage, key.stage),
        eq(releases.version, key.version),
        eq(releases.is_removed, false),
        exceptId === undefined ? undefined : ne(releases.id, exceptId),
      ),
    )
    .limit(1);
  return row?.id;
}

/** Inserts a release with its tags and descriptions (blank descriptions are not stored); returns its id. */
export async function insertRelease(
  db: Db,
  values: NewReleaseRow,
  tags: ReleaseTag[],
  descriptions: ReleaseDescription[],
): Promise<number> {
  const [{ id }] = await db.insert(releases).values(values).returning({ id: releases.id });
  if (tags.length > 0) await db.insert(releaseTags).values(tags.map((tag) => ({ ...tag, release_id: id })));
  await upsertReleaseDescriptions(db, id, descriptions);
  return id;
}

export async function updateReleaseRow(db: Db, id: number, values: Partial<NewReleaseRow>): Promise<void> {
  if (Object.keys(values).length > 0) await db.update(releases).set(values).where(eq(releases.id, id));
}

export async function replaceReleaseTags(db: Db, id: number, tags: ReleaseTag[]): Promise<void> {
  await db.delete(releaseTags).where(eq(releaseTags.release_id, id));
  if (tags.length > 0) await db.insert(releaseTags).values(tags.map((tag) => ({ ...tag, release_id: id })));
}

/** Sets each given language's description; a blank one deletes that language's description. */
export async function upsertReleaseDescriptions(
  db: Db,
  id: number,
  descriptions: ReleaseDescription[],
): Promise<void> {
  const blank = descriptions.filter((d) => d.description.trim() === '').map((d) => d.language);
  const kept = descriptions.filter((d) => d.description.trim() !== '');
  if (blank.length > 0) {
    await db
      .delete(releaseDescriptions)
      .where(and(eq(releaseDescriptions.release_id, id), inArray(releaseDescriptions.language, blank)));
  }
  if (kept.length === 0) return;
  await db
    .insert(releaseDescriptions)
    .values(kept.map((d) => ({ ...d, release_id: id })))
    .onConflictDoUpdate({
      target: [releaseDescriptions.release_id, releaseDescriptions.language],
      set: { description: sql`excluded.description` },
    });
}

/** Soft delete; false when there was no such release left to remove. */
export async function markReleaseRemoved(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(releases)
    .set({ is_removed: true })
    .where(and(eq(releases.id, id), eq(releases.is_removed, false)))
    .returning({ id: releases.id });
  return rows.length > 0;
}

/** Brings a removed release back; false when it is not removed (or not there). */
export async function markReleaseRestored(
  db: Db,
  id: number,
  deployRequestedAt: Date | null,
): Promise<boolean> {
  const rows = await db
    .update(releases)
    .set({ is_removed: false, ...(deployRequestedAt ? { deploy_requested_at: deployRequestedAt } : {}) })
    .where(and(eq(releases.id, id), eq(releases.is_removed, true)))
    .returning({ id: releases.id });
  return rows.length > 0;
}

/**
 * A published release edited is created again under a new id (spec §4): what pointed at the old one follows
 * it, in the same transaction. Builds take its id, version and stage (a rebuild builds the release that now
 * stands), and their sets' summaries say so; releases that named it as parent name the new one.
 */
export async function followRecreatedRelease(
  db: Db,
  oldId: number,
  next: { id: number; version: string; stage: ReleaseRow['stage'] },
): Promise<number> {
  // The sets of those builds keep which releases they built (recountSet's summary): locked first, as every
  // write to a set's builds does, and summarised again after.
  const sets = await lockSetsOfRelease(db, oldId);
  const moved = await db
    .update(builds)
    .set({
      release_id: next.id,
      release_version: next.version,
      stage: next.stage,
      // The name carries the version (`S19-Pro_1.1.0_amlogic_nand`); the right side reads the old row.
      name: sql`replace(${builds.name}, '_' || ${builds.release_version} || '_', ${`_${next.version}_`})`,
    })
    .where(eq(builds.release_id, oldId))
    .returning({ id: builds.id });
  await summarizeSets(db, sets);
  await db.update(releases).set({ parent: next.id }).where(eq(releases.parent, oldId));
  return moved.length;
}
