import { useEffect, useSyncExternalStore } from 'react';
import { isConnectionDown, probeUntilReachable, subscribeConnection } from './connectionStatus';

/**
 * True while the API's last answer was a network failure or a 502/503/504 (see connectionStatus). While it is,
 * the server is asked whether it can serve again, so the answer turns even on a page that calls nothing else.
 */
export function useConnectionDown(): boolean {
  const down = useSyncExternalStore(subscribeConnection, isConnectionDown);
  useEffect(() => {
    if (!down) return;
    const controller = new AbortController();
    void probeUntilReachable(controller.signal);
    return () => controller.abort();
  }, [down]);
  return down;
}
