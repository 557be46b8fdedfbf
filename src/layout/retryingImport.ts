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

/**
 * Loads a chunk of the console (a page, a panel). While the server cannot be reached — a restart, an outage —
 * the connection banner says so and the chunk is tried again, instead of the page failing into the error
 * screen; a chunk the server no longer has (a new release was deployed) fails at once.
 */
export async function retryingImport<T>(load: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const loaded = await load();
      if (attempt > 0) reportConnection(true);
      return loaded;
    } catch (error) {
      if (await serverAnswers()) throw error;
      reportConnection(false);
      await sleepFor(retryDelay(attempt));
    }
  }
}
