import { HIDDEN_SERIES } from '../../contract/constants';
import { buildUuidFor, type UuidViewer } from '../builds/build-uuid-access';
import type { Db } from '../platform/db/client';
import { listSeriesRepositories } from '../releases/repositories-repository';
import {
  type AgentRow,
  type CurrentBuild,
  currentBuilds,
  type HeldRelease,
  releasesByIds,
} from './agents-repository';

export type AgentStatus = 'online' | 'offline' | 'busy';

/** Offline after two missed heart-beats; busy while it holds a running job. */
export function agentStatus(
  row: AgentRow,
  building: boolean,
  offlineAfterMs: number,
  now = Date.now(),
): AgentStatus {
  const seen = row.last_contact?.getTime();
  if (seen === undefined || now - seen > offlineAfterMs) return 'offline';
  return building ? 'busy' : 'online';
}

function toAgent(
  row: AgentRow,
  current: CurrentBuild | undefined,
  releases: Map<number, HeldRelease>,
  offlineAfterMs: number,
  viewer: UuidViewer,
) {
  return {
    id: row.id,
    name: row.name,
    token_prefix: row.token_prefix,
    is_blocked: row.is_blocked,
    status: agentStatus(row, current !== undefined, offlineAfterMs),
    current_build: current
      ? {
          id: current.id,
          // A developer watching the agents sees which build runs, not its download key (issue 36).
          uuid: buildUuidFor(viewer, current),
          group_name: current.group_name,
          model: current.model,
          progress: current.progress,
        }
      : null,
    releases: row.releases
      .flatMap((id) => releases.get(id) ?? [])
      .sort((a, b) => a.series.localeCompare(b.series) || b.id - a.id),
    sources: row.sources,
    last_contact: row.last_contact?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

const isHidden = (series: string) => (HIDDEN_SERIES as readonly string[]).includes(series);

/** Repositories that only hidden series (x17, t2t) take their sources from. */
async function hiddenRepositories(db: Db): Promise<Set<string>> {
  const visible = new Set<string>();
  const all = new Set<string>();
  for (const { series, repository } of await listSeriesRepositories(db)) {
    all.add(repository);
    if (!isHidden(series)) visible.add(repository);
  }
  return new Set([...all].filter((name) => !visible.has(name)));
}

/**
 * Workers as the API answers them: status, current build and held releases, in a few queries for all. A viewer
 * who is not an admin (a developer) does not see releases of hidden series, nor sources only they use (spec §1),
 * nor the uuid of a build not their own.
 */
export async function toAgents(db: Db, rows: AgentRow[], offlineAfterMs: number, viewer: UuidViewer) {
  const viewerIsAdmin = viewer.is_admin;
  const [current, releases, hiddenSources] = await Promise.all([
    currentBuilds(
      db,
      rows.map((row) => row.id),
    ),
    releasesByIds(db, [...new Set(rows.flatMap((row) => row.releases))]),
    viewerIsAdmin ? new Set<string>() : hiddenRepositories(db),
  ]);
  if (!viewerIsAdmin) for (const [id, release] of releases) if (isHidden(release.series)) releases.delete(id);
  return rows.map((row) => {
    const sources = row.sources.filter((source) => !hiddenSources.has(source.repository));
    return toAgent({ ...row, sources }, current.get(row.id), releases, offlineAfterMs, viewer);
  });
}
