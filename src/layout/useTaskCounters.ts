import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useLogoutIfAccessDenied, usePermissions } from 'react-admin';
import { canAccess } from '../../contract/can-access';
import { whenIdle } from '../boot/whenIdle';
import { useHttpClient } from '../dataProvider/ApiContext';
import { debugLog } from '../dataProvider/debug';
import type { HttpClient } from '../dataProvider/httpClient';
import { callOf } from '../dataProvider/paths';
import {
  readCounters,
  sameStatus,
  startTaskPolling,
  type TaskCounters,
  type TaskStatus,
  ZERO_COUNTERS,
  ZERO_STATUS,
} from './taskPolling';

export type { TaskCounters, TaskStatus } from './taskPolling';

export const TASK_STATUS_PATH = callOf('myTaskCounters').path;
export const ADMIN_TASK_STATUS_PATH = callOf('allTaskCounters').path;

/** Polled every 5 s: the task lists. When the counters move, sets and builds too. */
const TASK_LISTS = new Set(['tasks', 'allTasks']);
const BUILD_LISTS = new Set(['sets', 'builds']);

// The latest counters, shared by the header button and the /tasks tabs.
let current: TaskStatus = ZERO_STATUS;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export function publishTaskStatus(next: TaskStatus): void {
  if (sameStatus(current, next)) return;
  current = next;
  for (const listener of [...listeners]) listener();
}

/** The counters (pending, in progress, failed) of the signed-in account and, for admins, of all tasks. */
export const useTaskStatus = (): TaskStatus => useSyncExternalStore(subscribe, () => current);

/** The signed-in account's own counters (the header's My tasks button, the 'my tasks' tab). */
export const useTaskCounters = (): TaskCounters => useTaskStatus().my;

/** GET …/tasks/status; a 404 (not there yet) reads as zeros. */
async function fetchCounters(httpClient: HttpClient, path: string): Promise<TaskCounters> {
  try {
    const { json } = await httpClient(path);
    return readCounters(json);
  } catch (error) {
    if ((error as { status?: number }).status === 404) return ZERO_COUNTERS;
    throw error;
  }
}

/**
 * Runs the one task-polling scheduler of the shell (spec §4 Polling): counters from tasks/status (admins also
 * the admin status for 'all tasks') and a refresh of the task lists, every 5 s; stopped on unmount and logout.
 */
export function useTaskPolling(): void {
  const httpClient = useHttpClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const queryClient = useQueryClient();
  const { permissions, isPending } = usePermissions();
  const seesAll = canAccess(permissions, 'all', 'tasks');

  useEffect(
    () =>
      // Waits for the role, so an admin's first reading already includes everyone's counters.
      isPending
        ? undefined
        : // Once the first page is drawn (issue 14): the counters are not what the user came to read first.
          whenIdle(() =>
            startTaskPolling({
              fetchStatus: async () => {
                try {
                  const [my, all] = await Promise.all([
                    fetchCounters(httpClient, TASK_STATUS_PATH),
                    seesAll ? fetchCounters(httpClient, ADMIN_TASK_STATUS_PATH) : null,
                  ]);
                  debugLog('task counters', my, all);
                  return { my, all };
                } catch (error) {
                  if (!(await logoutIfAccessDenied(error)))
                    console.warn('Task counters could not be loaded', error);
                  return null;
                }
              },
              onStatus: publishTaskStatus,
              onRefresh: (changed) => {
                const lists = (key: unknown) =>
                  TASK_LISTS.has(String(key)) || (changed && BUILD_LISTS.has(String(key)));
                void queryClient.invalidateQueries({ predicate: (query) => lists(query.queryKey[0]) });
              },
            }),
          ),
    [httpClient, logoutIfAccessDenied, queryClient, seesAll, isPending],
  );
  // A new sign-in starts from zeros, not from the previous account's counters.
  useEffect(() => () => publishTaskStatus(ZERO_STATUS), []);
}

/** Mount once in the shell: the task polling. */
export function TaskPolling(): null {
  useTaskPolling();
  return null;
}
