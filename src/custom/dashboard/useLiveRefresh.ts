import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLive } from '../live/LiveProvider';
import { DASHBOARD_QUERY } from './useChart';

/** At most one refresh of the charts this often, however many builds report meanwhile. */
export const LIVE_REFRESH_MS = 10_000;

/**
 * Issue 42: the dashboard refreshes from the live socket's events (a build's progress, log lines, its end), not
 * by polling: the first event after a quiet spell refreshes every chart at once, later ones within
 * LIVE_REFRESH_MS wait for that spell to end, then refresh once.
 */
export function useLiveRefresh(everyMs = LIVE_REFRESH_MS): void {
  const { store } = useLive();
  const queryClient = useQueryClient();
  useEffect(() => {
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      timer = undefined;
      last = Date.now();
      void queryClient.invalidateQueries({ queryKey: [DASHBOARD_QUERY] });
    };
    const unsubscribe = store.subscribe(() => {
      if (timer === undefined) timer = setTimeout(refresh, Math.max(0, last + everyMs - Date.now()));
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [store, queryClient, everyMs]);
}
