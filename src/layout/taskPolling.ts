// Task polling (spec §4 Polling, §9: 5000 ms): one scheduler reads the task counters and refreshes the task
// lists; it is registered with the schedulers so logout stops it. Plain functions, so they run without React.
import { POLL_INTERVAL_MS } from '../../contract/constants';
import { startScheduler } from '../dataProvider/schedulers';

export interface TaskCounters {
  pending: number;
  in_progress: number;
  failed: number;
}

/** The account's own counters and, for admins, everyone's (the 'all tasks' badge). */
export interface TaskStatus {
  my: TaskCounters;
  all: TaskCounters | null;
}

export const ZERO_COUNTERS: TaskCounters = Object.freeze({ pending: 0, in_progress: 0, failed: 0 });
export const ZERO_STATUS: TaskStatus = Object.freeze({ my: ZERO_COUNTERS, all: null });

const count = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;

/** The counters in an answer of GET …/tasks/status; anything missing reads 0. */
export function readCounters(json: unknown): TaskCounters {
  const value = (json ?? {}) as Partial<Record<keyof TaskCounters, unknown>>;
  return {
    pending: count(value.pending),
    in_progress: count(value.in_progress),
    failed: count(value.failed),
  };
}

const sameCounters = (a: TaskCounters | null, b: TaskCounters | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.pending === b.pending &&
    a.in_progress === b.in_progress &&
    a.failed === b.failed);

export const sameStatus = (a: TaskStatus, b: TaskStatus) =>
  sameCounters(a.my, b.my) && sameCounters(a.all, b.all);

export interface TaskPollingOptions {
  /** The counters, or null when they could not be read this time (the fetcher reports why). */
  fetchStatus: () => Promise<TaskStatus | null>;
  onStatus: (status: TaskStatus) => void;
  /**
   * Every tick but the first (the lists load by themselves on mount): refresh the task lists. `changed` says the
   * counters moved since the last reading, so the sets and builds have news too.
   */
  onRefresh: (changed: boolean) => void;
  intervalMs?: number;
}

/** Starts polling now and every `intervalMs`; returns the function that stops it. */
export function startTaskPolling({
  fetchStatus,
  onStatus,
  onRefresh,
  intervalMs = POLL_INTERVAL_MS,
}: TaskPollingOptions): () => void {
  let previous: TaskStatus | undefined;
  let ticks = 0;
  return startScheduler(async () => {
    const status = await fetchStatus();
    const changed = Boolean(status && previous && !sameStatus(previous, status));
    if (ticks++ > 0) onRefresh(changed);
    if (!status) return;
    previous = status;
    onStatus(status);
  }, intervalMs);
}
