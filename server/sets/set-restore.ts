import { and, eq, inArray, isNotNull, ne, or } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import type { Db } from '../platform/db/client';
import { isUniqueViolation } from '../platform/db/db-errors';
import { buildSets, builds } from '../platform/db/schema';
import { conflict, notFound } from '../platform/http/http-errors';
import { type BuildSetRow, findSet, lockSet, recountSet, setNameTaken } from './sets-repository';

/** Issue 17: the builds a set's removal takes with it (those live until then), so its restore brings them back. */
export async function markRemovedWithSet(db: Db, buildIds: number[]): Promise<void> {
  if (buildIds.length === 0) return;
  await db.update(builds).set({ removed_with_set: true }).where(inArray(builds.id, buildIds));
}

/**
 * A build its set's restore would bring back, besides having been removed with it: a done build whose file a
 * full clean deleted has nothing to give and stays removed. Logo files are kept for these (logo-purge.ts).
 */
export const restorableWithSet = () => or(ne(builds.status, 'done'), isNotNull(builds.sha256));

const nameClash = (name: string) =>
  conflict(`The owner has another set named ${name}: rename that set first, then restore this one`);

/**
 * Issue 17, admins only (the route says so): a removed set stands again with the builds its removal took
 * (builds removed before it stay removed, and so do done builds whose files a full clean deleted), its
 * counters recounted, recorded in the audit log. Refused (409) while another live set of the owner has its name.
 */
export async function restoreSet(db: Db, actorId: number, id: number): Promise<void> {
  const set = await findSet(db, id);
  if (!set?.is_removed) throw notFound('Removed set not found');
  try {
    await db.transaction(async (tx) => {
      await lockSet(tx, id);
      if (await setNameTaken(tx, set.user_id, set.name, id)) throw nameClash(set.name);
      const restored = await tx
        .update(buildSets)
        .set({ is_removed: false, updated_at: new Date() })
        .where(and(eq(buildSets.id, id), eq(buildSets.is_removed, true)))
        .returning({ id: buildSets.id });
      if (restored.length === 0) throw notFound('Removed set not found');
      const back = await tx
        .update(builds)
        .set({ is_removed: false, removed_with_set: false, updated_at: new Date() })
        .where(and(eq(builds.group_id, id), eq(builds.removed_with_set, true), restorableWithSet()))
        .returning({ id: builds.id });
      await recountSet(tx, id);
      await recordAudit(tx, {
        actorId,
        action: 'set.restore',
        objectType: 'set',
        objectId: id,
        before: { is_removed: true },
        after: { is_removed: false, builds: back.map((b) => b.id) },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'firmware_groups_user_name_unique')) throw nameClash(set.name);
    throw error;
  }
}

/** The audit row of a set an admin removed (the owner's own removals are not admin changes). */
export function auditSetRemoval(
  tx: Db,
  actorId: number,
  set: BuildSetRow,
  buildIds: number[],
  fullClean: boolean,
) {
  return recordAudit(tx, {
    actorId,
    action: 'set.remove',
    objectType: 'set',
    objectId: set.id,
    before: { is_removed: false, name: set.name, user_id: set.user_id, builds: buildIds.length },
    after: { is_removed: true, builds: buildIds, full_clean: fullClean },
  });
}
