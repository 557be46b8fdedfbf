// react-query's timers, fewer (issue 14). Each cached read has a garbage-collection timer (5 minutes), an observed
// one a staleness timer too, and each change to the cache schedules its notifications with a timer. react-admin puts
// each record of a list it gets into its single-record cache (useGetList), so the miner models' list set 60 browser
// timers in one task. Each is cheap, but under a profiler that records where each timer was set (Lighthouse's trace)
// that task took 30 ms instead of 4, and a start of /releases ran four such effects (~75 ms in all, measured
// 2026-11-26). react-query provides for this: its timeout manager and its notification scheduler take
// implementations that coalesce timers.
import {
  type ManagedTimerId,
  notifyManager,
  type TimeoutCallback,
  type TimeoutProvider,
  timeoutManager,
} from '@tanstack/react-query';

/** Timers at least this long share one browser timer; shorter ones (retries' delays) keep their own. */
export const SHARED_FROM_MS = 10_000;
/** Shared timers end on the next multiple of this: at most this late, never early. */
export const SHARED_STEP_MS = 1_000;

/** The longest delay a browser timer takes (about 24.8 days); longer waits are re-armed on the way. */
const LONGEST_BROWSER_DELAY_MS = 2 ** 31 - 1;

/**
 * Long timers kept in a table, with one browser timer armed for the earliest step at which one is due. Their ids
 * are negative numbers, unlike any the browser gives, so `clearTimeout` knows which is which.
 */
export class SharedTimers implements TimeoutProvider {
  readonly #due = new Map<number, { at: number; callback: TimeoutCallback }>();
  #lastId = 0;
  #armed: ReturnType<typeof globalThis.setTimeout> | undefined;
  #armedFor = Number.POSITIVE_INFINITY;

  constructor(private readonly now: () => number = () => Date.now()) {}

  readonly setTimeout = (callback: TimeoutCallback, delay: number): ManagedTimerId => {
    if (!(delay >= SHARED_FROM_MS)) return globalThis.setTimeout(callback, delay);
    this.#lastId -= 1;
    const at = this.now() + delay;
    this.#due.set(this.#lastId, { at, callback });
    this.#arm(at);
    return this.#lastId;
  };

  readonly clearTimeout = (id: ManagedTimerId | undefined): void => {
    if (typeof id === 'number' && id < 0) this.#due.delete(id);
    else globalThis.clearTimeout(id as Parameters<typeof globalThis.clearTimeout>[0]);
  };

  readonly setInterval = (callback: TimeoutCallback, delay: number): ManagedTimerId =>
    globalThis.setInterval(callback, delay);

  readonly clearInterval = (id: ManagedTimerId | undefined): void =>
    globalThis.clearInterval(id as Parameters<typeof globalThis.clearInterval>[0]);

  /** Timers waiting in the table. */
  get size(): number {
    return this.#due.size;
  }

  #arm(at: number): void {
    const step = Math.ceil(at / SHARED_STEP_MS) * SHARED_STEP_MS;
    if (step >= this.#armedFor) return;
    if (this.#armed !== undefined) globalThis.clearTimeout(this.#armed);
    this.#armedFor = step;
    const wait = Math.min(Math.max(step - this.now(), 0), LONGEST_BROWSER_DELAY_MS);
    this.#armed = globalThis.setTimeout(this.#fire, wait);
  }

  readonly #fire = (): void => {
    this.#armed = undefined;
    this.#armedFor = Number.POSITIVE_INFINITY;
    const now = this.now();
    const ready: TimeoutCallback[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const [id, timer] of this.#due) {
      if (timer.at <= now) {
        this.#due.delete(id);
        ready.push(timer.callback);
      } else next = Math.min(next, timer.at);
    }
    if (next < Number.POSITIVE_INFINITY) this.#arm(next);
    runEach(ready);
  };
}

/** Runs each callback; one that throws is reported (as uncaught) and does not keep the others from running. */
function runEach(callbacks: Array<() => void>): void {
  for (const callback of callbacks) {
    try {
      callback();
    } catch (error) {
      // Browsers have reportError; jsdom (the unit tests) has not.
      if (typeof reportError === 'function') reportError(error);
      else
        queueMicrotask(() => {
          throw error;
        });
    }
  }
}

/**
 * react-query's notification scheduler: the notifications scheduled before the next task all run in that one task,
 * in order, rather than each in a task of its own (its default).
 */
export function coalescingScheduler(): (callback: () => void) => void {
  let queued: Array<() => void> | undefined;
  return (callback) => {
    if (queued) {
      queued.push(callback);
      return;
    }
    queued = [callback];
    globalThis.setTimeout(() => {
      const run = queued ?? [];
      queued = undefined;
      runEach(run);
    }, 0);
  };
}

let installed = false;

/**
 * Sets react-query's timers to the shared ones, once: before the console's query client is made. A timer set
 * before has a browser id, which the shared timers still clear.
 */
export function installQueryTimers(): void {
  if (installed) return;
  installed = true;
  timeoutManager.setTimeoutProvider(new SharedTimers());
  notifyManager.setScheduler(coalescingScheduler());
}
