/** GET /client/firmware/tasks (and /admin/firmwares/tasks): a build task (spec §4 Task). */
import type { BuildStatus } from '../../../contract/statuses';

/** A task is a build seen from the queue: it has the build's states. */
export type TaskStatus = BuildStatus;

import type { Task } from '../../../contract/schemas/tasks-schemas';

export type { Task };

const ACTIVE: readonly TaskStatus[] = ['pending', 'in_progress'];

/** A pending or running task can be cancelled (spec §4 Task), once. */
export const isCancellable = (task: Pick<Task, 'status' | 'cancel_requested'>) =>
  ACTIVE.includes(task.status) && !task.cancel_requested;

/** Cancelled by a user, not yet stopped by its agent. */
export const isCancelling = (task: Pick<Task, 'status' | 'cancel_requested'>) =>
  ACTIVE.includes(task.status) && Boolean(task.cancel_requested);
