// Start-up work that can wait (issue 14): the task polling, the live socket and the startup loads begin once the
// first page is drawn (firstPageDrawn) and the browser is then idle, or `timeoutMs` after that at the latest.
import { firstPageDrawn } from './firstPageDrawn';

type IdleWindow = {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** At most this long after the shell mounts, the deferred work starts even on a busy main thread. */
export const IDLE_TIMEOUT_MS = 2_000;

/** Runs `task` when the browser is idle; returns the function that cancels it (or stops what it started). */
export function whenIdle(task: () => (() => void) | undefined, timeoutMs = IDLE_TIMEOUT_MS): () => void {
  const win = (typeof window === 'undefined' ? {} : window) as IdleWindow;
  let stop: (() => void) | undefined;
  let cancelled = false;
  let cancelWait: (() => void) | undefined;
  const run = () => {
    if (!cancelled) stop = task();
  };
  const whenBrowserIdle = () => {
    if (cancelled) return;
    if (win.requestIdleCallback && win.cancelIdleCallback) {
      const handle = win.requestIdleCallback(run, { timeout: timeoutMs });
      const cancelIdle = win.cancelIdleCallback;
      cancelWait = () => cancelIdle(handle);
    } else {
      const timer = setTimeout(run, 0);
      cancelWait = () => clearTimeout(timer);
    }
  };
  void firstPageDrawn().then(whenBrowserIdle);
  return () => {
    cancelled = true;
    cancelWait?.();
    stop?.();
  };
}
