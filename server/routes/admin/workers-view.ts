import type { Db } from '../../db/client';
import {
  type CurrentBuild,
  currentBuilds,
  type HeldRelease,
  releasesByIds,
  type WorkerRow,
} from '../../db/workers-repository';

export type WorkerStatus = 'online' | 'offline' | 'busy';

/** Offline after two missed heart-beats; busy while it holds a running job. */
export function workerStatus(
  row: WorkerRow,
  building: boolean,
  offlineAfterMs: number,
  now = Date.now(),
): WorkerStatus {
  const seen = row.last_contact?.getTime();
  if (seen === undefined || now - seen > offlineAfterMs) return 'offline';
  return building ? 'busy' : 'online';
}

function toWorker(
  row: WorkerRow,
  current: CurrentBuild | undefined,
  releases: Map<number, HeldRelease>,
  offlineAfterMs: number,
) {
  const { worker_id: _worker, ...build } = current ?? { worker_id: 0 };
  return {
    id: row.id,
    name: row.name,
    token_prefix: row.token_prefix,
    is_blocked: row.is_blocked,
    status: workerStatus(row, current !== undefined, offlineAfterMs),
    current_build: current ? (build as Omit<CurrentBuild, 'worker_id'>) : null,
    releases: row.releases
      .flatMap((id) => releases.get(id) ?? [])
      .sort((a, b) => a.series.localeCompare(b.series) || b.id - a.id),
    sources: row.sources,
    last_contact: row.last_contact?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** Workers as the API answers them: status, current build and held releases, in three queries for all. */
export async function toWorkers(db: Db, rows: WorkerRow[], offlineAfterMs: number) {
  const [current, releases] = await Promise.all([
    currentBuilds(
      db,
      rows.map((row) => row.id),
    ),
    releasesByIds(db, [...new Set(rows.flatMap((row) => row.releases))]),
  ]);
  return rows.map((row) => toWorker(row, current.get(row.id), releases, offlineAfterMs));
}
