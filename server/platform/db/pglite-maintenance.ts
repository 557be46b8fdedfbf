import type { DbHandle } from './client';
import { getSetting, putSetting } from './settings-repository';

type Logger = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** How often the embedded database is vacuumed and analysed. */
export const PGLITE_MAINTENANCE_MS = 10 * 60_000;

/** When the embedded database was last vacuumed (an ISO time): PGlite keeps no `pg_stat_*` across a restart. */
export const VACUUMED_AT_SETTING = 'pglite_vacuumed_at';

/**
 * PGlite runs Postgres in single-user mode, without autovacuum: no table statistics for the planner, and no
 * visibility map, so an index-only scan still reads every row. This does autovacuum's work: `VACUUM ANALYZE`
 * soon after the start and then every PGLITE_MAINTENANCE_MS. A start within PGLITE_MAINTENANCE_MS of the last
 * vacuum (a restart, or a copy of a data directory just vacuumed) waits until that one is due instead: the
 * statistics (`pg_statistic`) and the visibility map it left are kept on disk, and a vacuum costs seconds of CPU
 * (issue 40: every e2e server start paid ~2 s for one). PostgreSQL servers do it themselves. Returns the
 * function that stops it.
 */
export function startPgliteMaintenance(
  handle: DbHandle,
  log: Logger,
  { firstAfterMs = 5_000, everyMs = PGLITE_MAINTENANCE_MS } = {},
): () => void {
  if (handle.kind !== 'pglite') return () => undefined;
  const client = handle.client;
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    const started = performance.now();
    running = client
      .exec('VACUUM ANALYZE')
      .then(() => putSetting(handle.db, VACUUMED_AT_SETTING, new Date().toISOString()))
      .then(() => log.info({ ms: Math.round(performance.now() - started) }, 'embedded database vacuumed'))
      .catch((error: unknown) => log.warn({ err: error }, 'embedded database vacuum failed'))
      .finally(() => {
        running = undefined;
      });
  };
  let first: NodeJS.Timeout | undefined;
  getSetting(handle.db, VACUUMED_AT_SETTING)
    .catch(() => undefined)
    .then((last) => {
      if (stopped) return;
      const due = last ? Date.parse(last) + everyMs - Date.now() : 0;
      first = setTimeout(run, Math.max(firstAfterMs, Number.isFinite(due) ? due : 0));
      first.unref();
    });
  const every = setInterval(run, everyMs);
  every.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(every);
  };
}
