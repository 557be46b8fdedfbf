// Issue 37: a rebuild no longer ends the earlier run's file. Each run's file (and its attestation) is kept while
// the run is the build's current one, or for the retention after the next run began (the `run_retention_days`
// setting, admins' PUT /api/admin/settings/run-retention). Removing a build or its set ends them all, as a
// full clean does; the stored content goes once no kept run and no build row names it (artifacts/reuse.ts).
import { type SQL, sql } from 'drizzle-orm';
import { RUN_RETENTION_DEFAULT_DAYS } from '../../../contract/constants';
import type { Db } from '../../platform/db/client';
import { getSetting, putSetting } from '../../platform/db/settings-repository';

/** The rows of a raw `db.execute` (typed by the caller: the driver's result type is the database's). */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export const RUN_RETENTION_SETTING = 'run_retention_days';

/** The retention in days: the setting, or the default when unset or unreadable. */
export async function runRetentionDays(db: Db): Promise<number> {
  const stored = Number(await getSetting(db, RUN_RETENTION_SETTING));
  return Number.isInteger(stored) && stored >= 0 ? stored : RUN_RETENTION_DEFAULT_DAYS;
}

export async function setRunRetentionDays(db: Db, days: number): Promise<void> {
  await putSetting(db, RUN_RETENTION_SETTING, String(days));
}

/**
 * Whether the run aliased `r` (build_runs) of the build aliased `b` (builds) still has its file: a done run
 * with an artifact, of a build not removed, that is the current run or was superseded within `days`.
 */
export const keptRun = (days: number): SQL =>
  sql`(b.is_removed = false and r.sha256 is not null and r.status = 'done' and (r.run = b.run
    or (select min(n.queued_at) from build_runs n where n.build_id = r.build_id and n.run > r.run)
       > now() - make_interval(days => ${days}::int)))`;

export interface KeptRunFile {
  run: number;
  sha256: string;
  file_size: number | null;
}

/** The kept file of the build's run `run`, or undefined (no such run, not done, removed, or expired). */
export async function findKeptRunFile(
  db: Db,
  uuid: string,
  run: number,
  days: number,
): Promise<KeptRunFile | undefined> {
  const [row] = rowsOf<{ run: number; sha256: string; file_size: string | number | null }>(
    await db.execute(
      sql`select r.run, r.sha256, r.file_size from build_runs r join builds b on b.id = r.build_id
        where b.uuid = ${uuid} and r.run = ${run} and ${keptRun(days)}`,
    ),
  );
  return row
    ? {
        run: Number(row.run),
        sha256: row.sha256,
        file_size: row.file_size === null ? null : Number(row.file_size),
      }
    : undefined;
}

/** The runs of the build whose files are kept, by run number. */
export async function keptRunsOf(db: Db, buildId: number, days: number): Promise<Set<number>> {
  const rows = rowsOf<{ run: number }>(
    await db.execute(
      sql`select r.run from build_runs r join builds b on b.id = r.build_id
        where r.build_id = ${buildId} and ${keptRun(days)}`,
    ),
  );
  return new Set(rows.map((row) => Number(row.run)));
}
