import { ownBuildUuid, type UuidViewer } from '../builds/build-uuid-access';
import type { TaskRow } from './tasks-repository';

/** A task as the API answers it to its owner or an admin (build-uuid-access.ts): dates as ISO strings. */
export const toTask = (row: TaskRow, viewer: UuidViewer) => ({
  ...row,
  uuid: ownBuildUuid(viewer, row),
  status: row.status as 'pending' | 'in_progress' | 'done' | 'failed' | 'cancelled',
  created_at: row.created_at.toISOString(),
  started_at: row.started_at?.toISOString() ?? null,
  finished_at: row.finished_at?.toISOString() ?? null,
});
