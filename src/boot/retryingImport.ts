import {
  askHealth,
  isUnavailableStatus,
  reportConnection,
  retryDelay,
  sleepFor,
} from '../dataProvider/connectionStatus';

/** Whether the server itself answers (not a proxy's 502/503/504): a chunk that failed to load then is missing. */
const serverAnswers = async () => {
  const answer = await askHealth('live');
  return answer !== undefined && !isUnavailableStatus(answer.status);
};

/** Session storage: when the page last loaded itself again to fetch its code anew. */
const RELOADED_AT = 'console.reloadedForCode';
/** A page that reloaded this recently and still misses a chunk fails instead of reloading again. */
const RELOAD_GAP_MS = 60_000;

/** How the page loads itself again; tests replace it (jsdom's location cannot be spied on). */
export const pageReload = { reload: () => window.location.reload() };

/** Loads the page again unless it did so within RELOAD_GAP_MS; says whether it does. */
function reloadForFreshCode(): boolean {
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < RELOAD_GAP_MS) return false;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  pageReload.reload();
  return true;
}

/**
 * Loads a chunk of the console (a page, a panel). While the server cannot be reached — a restart, an outage —
 * the connection banner says so and the chunk is tried again, instead of the page failing into the error
 * screen.
 *
 * When the server answers and the chunk still does not load, the page loads itself again, once a minute at
 * most: the chunk is gone (a new release was deployed, whose page names other chunks), or the browser remembers
 * that fetching it failed while the server was away. Chromium (150) keeps a failed module fetch for the page's
 * whole life: the same import fails again at once, without asking the server. Nothing else in a page can make
 * it fetch that module anew. A page that reloaded within the minute fails into the error screen instead.
 */
export async function retryingImport<T>(load: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const loaded = await load();
      if (attempt > 0) reportConnection(true);
      return loaded;
    } catch (error) {
      if (await serverAnswers()) {
        if (attempt > 0) reportConnection(true);
        // The page is going away: nothing more to draw meanwhile.
        if (reloadForFreshCode()) return new Promise<never>(() => {});
        throw error;
      }
      reportConnection(false);
      await sleepFor(retryDelay(attempt));
    }
  }
}
