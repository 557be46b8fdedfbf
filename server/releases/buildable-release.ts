// Issue 36: the one rule of what a build may be made from (contract/rules/releases.ts releaseBuildable),
// for the server: as a condition for the statements that pick a release (submit, upgrade) and as a check
// for the writes that build a release a build already names (edit, pool edit, rebuild, set rebuild).
import { eq, inArray, type SQL } from 'drizzle-orm';
import { englishOf } from '../../contract/english';
import { releaseBuildable } from '../../contract/rules/releases';
import type { Db } from '../platform/db/client';
import { releases } from '../platform/db/schema';
import { invalid } from '../platform/http/validation-errors';

/** releaseBuildable in SQL, on the releases table. */
export const buildableRelease = (): SQL => eq(releases.is_removed, false);

/** The ids among `releaseIds` that cannot be built from. */
export async function unbuildableReleases(db: Db, releaseIds: readonly number[]): Promise<Set<number>> {
  const ids = [...new Set(releaseIds)];
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: releases.id, is_removed: releases.is_removed })
    .from(releases)
    .where(inArray(releases.id, ids));
  return new Set(rows.filter((row) => releaseBuildable(row) !== undefined).map((row) => row.id));
}

/** The message a build on a release that cannot be built from is refused with (422 naming release_id). */
export const RELEASE_REMOVED = englishOf(releaseBuildable({ is_removed: true })) as string;

/** Refuses, writing nothing, when any of the releases cannot be built from: the builds are to be upgraded. */
export async function assertBuildable(db: Db, releaseIds: readonly number[]): Promise<void> {
  if ((await unbuildableReleases(db, releaseIds)).size > 0)
    throw invalid(['body', 'release_id'], RELEASE_REMOVED);
}
