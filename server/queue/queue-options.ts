import { LOG_BURST, LOG_LINES_PER_SECOND, MAX_EVENTS_PER_ATTEMPT } from '../builds/logs/log-bounds';

/** How the build queue behaves; every field can be set from the environment (see queueOptionsFromEnv). */
export interface QueueOptions {
  /** A claimed job is the agent's until this long after its last call (LEASE_SECONDS). */
  leaseMs: number;
  /** How long a claim waits for a job before answering 204 (CLAIM_WAIT_SECONDS). */
  claimWaitMs: number;
  /** A waiting claim looks again this often even without a wake-up (a lost NOTIFY costs at most this). */
  pollMs: number;
  /** How often expired leases are looked for. */
  sweepMs: number;
  /** Runs a job gets before a lost lease fails it (MAX_ATTEMPTS). */
  maxAttempts: number;
  /** An agent is offline when it has not called for this long: two missed 10-second heartbeats. */
  offlineAfterMs: number;
  /** The largest artifact an agent may upload (MAX_ARTIFACT_MB). */
  maxArtifactBytes: number;
  /** Log lines a second one build's run may store, sustained, and at once above that (log-bounds.ts). */
  logLinesPerSecond: number;
  logBurst: number;
  /** Events one build's run may store in all (log-bounds.ts). */
  maxEventsPerAttempt: number;
}

export const DEFAULT_QUEUE_OPTIONS: QueueOptions = {
  leaseMs: 60_000,
  claimWaitMs: 25_000,
  pollMs: 2_000,
  sweepMs: 5_000,
  maxAttempts: 3,
  offlineAfterMs: 25_000,
  maxArtifactBytes: 4 * 1024 ** 3,
  logLinesPerSecond: LOG_LINES_PER_SECOND,
  logBurst: LOG_BURST,
  maxEventsPerAttempt: MAX_EVENTS_PER_ATTEMPT,
};

type Env = Record<string, string | undefined>;

function seconds(env: Env, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

export function queueOptionsFromEnv(env: Env): Partial<QueueOptions> {
  const lease = seconds(env, 'LEASE_SECONDS');
  const wait = seconds(env, 'CLAIM_WAIT_SECONDS');
  const attempts = seconds(env, 'MAX_ATTEMPTS');
  const artifactMb = seconds(env, 'MAX_ARTIFACT_MB');
  return {
    ...(lease === undefined ? {} : { leaseMs: lease * 1000, sweepMs: Math.min(5_000, (lease * 1000) / 4) }),
    ...(wait === undefined ? {} : { claimWaitMs: wait * 1000 }),
    ...(attempts === undefined ? {} : { maxAttempts: Math.ceil(attempts) }),
    ...(artifactMb === undefined ? {} : { maxArtifactBytes: artifactMb * 1024 ** 2 }),
  };
}
