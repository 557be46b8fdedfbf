/**
 * What the queue tells of the changes of state it makes, as they commit (the metrics count them:
 * server/platform/health/event-metrics.ts). Only the instance whose statement made a change hears of it.
 */
export interface QueueObserver {
  /** A build was claimed for its run's first attempt, `waitedSeconds` after it entered the queue. */
  buildStarted(waitedSeconds: number): void;
  /** An agent ended a build it held (or its cancel took effect), `ranSeconds` after its claim. */
  buildEnded(status: 'done' | 'failed' | 'cancelled', ranSeconds: number): void;
  /** The lease sweep took builds back from silent agents: `failed` of them had no attempt left. */
  leasesExpired(count: number, failed: number): void;
}
