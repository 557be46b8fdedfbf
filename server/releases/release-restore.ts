import { recordAudit } from '../audit/audit-log';
import type { Db } from '../platform/db/client';
import { isUniqueViolation } from '../platform/db/db-errors';
import { conflict, notFound } from '../platform/http/http-errors';
import {
  findReleaseRow,
  markReleaseRestored,
  type ReleaseRow,
  type Viewer,
  versionHolder,
} from './releases-repository';

/** Issue 17: why a removed release cannot come back while another release holds its version. */
export const versionClash = (row: ReleaseRow, holder: number) =>
  conflict(
    `Version ${row.version} of ${row.series} (${row.stage}) is now held by release ${holder}: ` +
      'change or remove that release first, then restore this one',
  );

const liveHolder = (db: Db, row: ReleaseRow) => versionHolder(db, row, row.id);

/**
 * Admins only (the route says so): a removed release stands again as it was, draft or published; a published
 * one is deployed again. Refused (409) when a live release of the series and stage has its version.
 */
export async function restoreRelease(db: Db, viewer: Viewer, id: number): Promise<void> {
  const row = await findReleaseRow(db, id);
  if (!row?.is_removed) throw notFound('Removed release not found');
  try {
    await db.transaction(async (tx) => {
      const holder = await liveHolder(tx, row);
      if (holder !== undefined) throw versionClash(row, holder);
      if (!(await markReleaseRestored(tx, id, row.is_draft ? null : new Date()))) {
        throw notFound('Removed release not found');
      }
      await recordAudit(tx, {
        actorId: viewer.id,
        action: 'release.restore',
        objectType: 'release',
        objectId: id,
        before: { is_removed: true },
        after: { is_removed: false },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'releases_series_stage_version_unique')) {
      const holder = await liveHolder(db, row);
      throw versionClash(row, holder ?? 0);
    }
    throw error;
  }
}
