import type { DbHandle } from './client';

type Logger = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** How often the embedded database is vacuumed and analysed. */
export const PGLITE_MAINTENANCE_MS = 10 * 60_000;

/**
 * PGlite runs Postgres in single-user mode, without autovacuum: no table statistics for the planner, and no
 * visibility map, so an index-only scan still reads every row. This does autovacuum's work: `VACUUM ANALYZE`
 * soon after the start and then every PGLITE_MAINTENANCE_MS. PostgreSQL servers do it themselves. Returns the
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
  const run = () => {
    if (running) return;
    const started = performance.now();
    running = client
      .exec('VACUUM ANALYZE')
      .then(() => log.info({ ms: Math.round(performance.now() - started) }, 'embedded database vacuumed'))
      .catch((error: unknown) => log.warn({ err: error }, 'embedded database vacuum failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(run, firstAfterMs);
  const every = setInterval(run, everyMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
