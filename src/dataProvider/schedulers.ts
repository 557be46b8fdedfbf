// Task schedulers (spec §4 Polling): every periodic job registers here so that logout can stop them all.

const running = new Set<() => void>();

/**
 * Runs `task` now and then every `intervalMs`, never two at once (a slow run delays the next one).
 * Returns the function that stops it.
 */
export function startScheduler(task: () => unknown, intervalMs: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const run = async () => {
    try {
      await task();
    } catch (error) {
      // Tasks report their own errors; this only keeps the loop alive.
      console.error(error);
    } finally {
      if (!stopped) timer = setTimeout(run, intervalMs);
    }
  };
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    running.delete(stop);
  };
  running.add(stop);
  void run();
  return stop;
}

/** Stops every running scheduler (logout). */
export function stopSchedulers(): void {
  for (const stop of [...running]) stop();
}

export const runningSchedulers = (): number => running.size;
