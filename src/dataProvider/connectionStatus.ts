// Whether the API answered lately: the httpClient reports each call's outcome, the connection banner shows it.
// Network failures and 502/503/504 mean "the server cannot be reached"; any other answer means it can.
import { API_BASE } from '../../contract/constants';

type Listener = () => void;

let down = false;
const listeners = new Set<Listener>();

/** The last call failed to reach the server (a network error, or 502/503/504 from it or its proxy). */
export const isConnectionDown = (): boolean => down;

export function subscribeConnection(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function reportConnection(reachable: boolean): void {
  if (down === !reachable) return;
  down = !reachable;
  for (const listener of listeners) listener();
}

/** A response status that says the server (or the database behind it) is not there right now. */
export const isUnavailableStatus = (status: number): boolean =>
  status === 502 || status === 503 || status === 504;

// While the server cannot be reached, calls are tried again after 1 s, 2 s, 4 s, then every 8 s.
export const retryDelay = (attempt: number): number => Math.min(8_000, 1_000 * 2 ** attempt);

/** Waits `ms`, or less when `signal` aborts. */
export const sleepFor = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/** The answer of a health endpoint (`live`: the process is up; `ready`: it can serve), or none at all. */
export const askHealth = (which: 'live' | 'ready'): Promise<Response | undefined> =>
  fetch(`${API_BASE}/health/${which}`, { cache: 'no-store' }).then(
    (response) => response,
    () => undefined,
  );

/**
 * While the server cannot be reached and nothing else calls it (a public page, a page without polling): asks
 * whether it can serve again, after 1 s, 2 s, 4 s, then every 8 s, and reports it reachable once it can.
 */
export async function probeUntilReachable(signal: AbortSignal): Promise<void> {
  for (let attempt = 0; !signal.aborted; attempt++) {
    await sleepFor(retryDelay(attempt), signal);
    if (signal.aborted) return;
    const answer = await askHealth('ready');
    if (answer && !isUnavailableStatus(answer.status) && !signal.aborted) {
      reportConnection(true);
      return;
    }
  }
}
