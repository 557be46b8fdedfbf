import { useEffect, useState } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { useHttpClient } from '../../api/ApiContext';
import { POLL_INTERVAL_MS } from '../../lib/constants';
import { debugLog } from '../../lib/debug';
import { startScheduler } from '../../lib/schedulers';

export interface TaskCounters {
  pending: number;
  in_progress: number;
  failed: number;
}

export const TASK_STATUS_PATH = '/client/firmware/tasks/status';
const ZERO: TaskCounters = { pending: 0, in_progress: 0, failed: 0 };
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * The my-tasks counters, polled every 5 s (spec §4 Polling) through the schedulers registry, so logout stops it.
 * A 404 (the endpoint is not there yet) quietly reads as zeros.
 */
export function useTaskCounters(): TaskCounters {
  const httpClient = useHttpClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [counters, setCounters] = useState<TaskCounters>(ZERO);

  useEffect(() => {
    const update = (next: TaskCounters) =>
      setCounters((current) =>
        current.pending === next.pending &&
        current.in_progress === next.in_progress &&
        current.failed === next.failed
          ? current
          : next,
      );
    return startScheduler(async () => {
      try {
        const { json } = await httpClient<Partial<TaskCounters>>(TASK_STATUS_PATH);
        debugLog('task counters', json);
        update({
          pending: count(json?.pending),
          in_progress: count(json?.in_progress),
          failed: count(json?.failed),
        });
      } catch (error) {
        if ((error as { status?: number }).status === 404) return update(ZERO);
        if (await logoutIfAccessDenied(error)) return;
        console.warn('Task counters could not be loaded', error);
      }
    }, POLL_INTERVAL_MS);
  }, [httpClient, logoutIfAccessDenied]);

  return counters;
}
