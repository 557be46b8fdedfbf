// Start-up work that can wait (issue 14): the task polling, the live socket and the startup loads begin once the
// browser is idle after the first page is drawn, or after `timeoutMs` at the latest, not in the middle of it.

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
  const run = () => {
    if (!cancelled) stop = task();
  };
  if (win.requestIdleCallback && win.cancelIdleCallback) {
    const handle = win.requestIdleCallback(run, { timeout: timeoutMs });
    const cancelIdle = win.cancelIdleCallback;
    return () => {
      cancelled = true;
      cancelIdle(handle);
      stop?.();
    };
  }
  const timer = setTimeout(run, 0);
  return () => {
    cancelled = true;
    clearTimeout(timer);
    stop?.();
  };
}
