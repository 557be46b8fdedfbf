// Issue 36: a removed logo set's files are deleted once no build may be built with them again; until then
// they stay (a build keeps the images it was made with, and its rebuild reads them through its job).
import { and, eq, exists, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { builds, logos } from '../platform/db/schema';
import type { LogoStore } from '../platform/storage/logo-store';
import { restorableWithSet } from '../sets/set-restore';
import { PURGED_FILE } from './logos-repository';

/**
 * A build of the logo set (the outer query's row) that may be built again: live, or removed with its set
 * and brought back by the set's restore. Removed on its own or full-cleaned, it never is.
 */
const usedByABuild = (db: Db): SQL =>
  exists(
    db
      .select({ one: sql`1` })
      .from(builds)
      .where(
        and(
          eq(builds.logo_id, logos.id),
          or(eq(builds.is_removed, false), and(eq(builds.removed_with_set, true), restorableWithSet())),
        ),
      ),
  );

/**
 * Deletes the files of the removed logo sets among `ids` that nothing may build with any more, and marks
 * their rows so (the rows stay: builds name them). Sets never name a removed logo set: its removal put them
 * back on the general logo. The rows are marked in one transaction, the files go after it commits.
 */
export async function purgeUnusedLogos(db: Db, store: LogoStore, ids: readonly number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length > 0) await purgeWhere(db, store, inArray(logos.id, wanted));
}

/**
 * purgeUnusedLogos for all of an account's removed logo sets, before it uploads another: a build moved to
 * another logo (an edit, an upgrade) sets none free on its own, and kept files count against the allowance.
 */
export function purgeAccountLogos(db: Db, store: LogoStore, accountId: number): Promise<void> {
  return purgeWhere(db, store, eq(logos.account_id, accountId));
}

async function purgeWhere(db: Db, store: LogoStore, which: SQL): Promise<void> {
  const purged = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: logos.id, le_file: logos.le_file, de_file: logos.de_file })
      .from(logos)
      .where(
        and(which, eq(logos.is_removed, true), ne(logos.le_file, PURGED_FILE), sql`not ${usedByABuild(tx)}`),
      )
      .for('update');
    if (rows.length > 0) {
      await tx
        .update(logos)
        .set({ le_file: PURGED_FILE, de_file: PURGED_FILE })
        .where(
          inArray(
            logos.id,
            rows.map((row) => row.id),
          ),
        );
    }
    return rows;
  });
  await Promise.all(purged.flatMap((row) => [store.remove(row.le_file), store.remove(row.de_file)]));
}
