/** GET /client/firmware/tasks (and /admin/firmwares/tasks): a build task (spec §4 Task). */
import type { BuildStatus } from '../../../contract/statuses';

/** A task is a build seen from the queue: it has the build's states. */
export type TaskStatus = BuildStatus;

export interface Task {
  /** The build's (firmware's) id: the log and the socket use it too. */
  id: number;
  uuid: string;
  group_id: number;
  group_name: string;
  model: string;
  series: string;
  release_version: string;
  status: TaskStatus;
  progress: number;
  /** Cancelling: the agent stops the build at its next call. */
  cancel_requested?: boolean;
  /** 1-based place in the queue while pending. */
  queue_position: number | null;
  attempts: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  worker_name: string | null;
  is_favorite: boolean;
  user_id: number;
  user_email: string;
}

const ACTIVE: readonly TaskStatus[] = ['pending', 'in_progress'];

/** A pending or running task can be cancelled (spec §4 Task), once. */
export const isCancellable = (task: Pick<Task, 'status' | 'cancel_requested'>) =>
  ACTIVE.includes(task.status) && !task.cancel_requested;

/** Cancelled by a user, not yet stopped by its agent. */
export const isCancelling = (task: Pick<Task, 'status' | 'cancel_requested'>) =>
  ACTIVE.includes(task.status) && Boolean(task.cancel_requested);
