import type { AgentEvent } from './build-events-repository';

// The bounds of what agents may log (issue 14): one runaway build must not fill the database. The agent keeps
// to tighter bounds of its own (contract/log-limits.ts); these are the server's, enforced whatever an agent sends.

/** Characters of a line kept; what is over is replaced by a marker saying how much. */
export const MAX_LOG_LINE = 2000;
/** Room for the agent's own marker after a clipped line: a line this much longer is left as the agent sent it. */
const MARKER_ROOM = 64;
/** Log lines a second a build's attempt may store, sustained; an agent's own bound is 1,000. */
export const LOG_LINES_PER_SECOND = 5000;
/** Lines an attempt may store at once above the rate (an agent's backlog after an outage). */
export const LOG_BURST = 50_000;
/** Events an attempt may store (agents number them 1, 2, …: the unique (build, attempt, seq) bounds the rows). */
export const MAX_EVENTS_PER_ATTEMPT = 250_000;

const count = (n: number) => n.toLocaleString('en');

/** The line, or its first MAX_LOG_LINE characters and a marker saying how many were cut. */
export function clipLine(line: string): string {
  if (line.length <= MAX_LOG_LINE + MARKER_ROOM) return line;
  // Never split a surrogate pair: the stored text stays valid UTF-16.
  const end = /[\uD800-\uDBFF]/.test(line[MAX_LOG_LINE - 1]) ? MAX_LOG_LINE - 1 : MAX_LOG_LINE;
  return `${line.slice(0, end)} … [line truncated by the server: ${count(line.length - end)} more characters]`;
}

export const droppedMarker = (dropped: number, rate: number) =>
  `[log truncated by the server: ${count(dropped)} ${dropped === 1 ? 'line' : 'lines'} dropped, over ${count(rate)} lines a second]`;

export const capMarker = (max: number) =>
  `[log truncated by the server: more than ${count(max)} events in this run; the rest of its log is dropped]`;

interface Bucket {
  tokens: number;
  at: number;
  /** Lines dropped and not yet told in a marker. */
  dropped: number;
  markedAt: number;
}

/** How long an attempt's bucket is kept after its last batch. */
const IDLE_MS = 120_000;

/**
 * Lines a second per (build, attempt), as a token bucket: LOG_BURST at once, refilled at LOG_LINES_PER_SECOND.
 * Lines over it are dropped, and a marker tells how many, at most one a second (drops meanwhile go into the
 * next one). Kept in this process: behind a balancer that spreads one agent's calls over several instances,
 * each allows the rate; the per-attempt cap (MAX_EVENTS_PER_ATTEMPT, in the database) holds whatever happens.
 */
export class LogRateLimit {
  private readonly buckets = new Map<string, Bucket>();
  private purgedAt: number;

  constructor(
    readonly rate = LOG_LINES_PER_SECOND,
    private readonly burst = LOG_BURST,
    private readonly now: () => number = Date.now,
  ) {
    this.purgedAt = now();
  }

  /**
   * Takes `lines` lines of a batch: answers how many of them may be stored (the first ones) and, when a marker
   * is due, how many lines it reports dropped.
   */
  take(buildId: number, attempt: number, lines: number): { allowed: number; report: number } {
    const now = this.now();
    this.purge(now);
    const key = `${buildId}:${attempt}`;
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { tokens: this.burst, at: now, dropped: 0, markedAt: Number.NEGATIVE_INFINITY };
      this.buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.rate);
    bucket.at = now;
    const allowed = Math.min(lines, Math.floor(bucket.tokens));
    bucket.tokens -= allowed;
    bucket.dropped += lines - allowed;
    if (bucket.dropped === 0 || now - bucket.markedAt < 1000) return { allowed, report: 0 };
    const report = bucket.dropped;
    bucket.dropped = 0;
    bucket.markedAt = now;
    return { allowed, report };
  }

  private purge(now: number) {
    if (now - this.purgedAt < IDLE_MS) return;
    this.purgedAt = now;
    for (const [key, bucket] of this.buckets) if (now - bucket.at > IDLE_MS) this.buckets.delete(key);
  }
}

/**
 * The events of an agent's batch that may be stored: log events numbered past `maxEvents` are dropped (the
 * first batch to reach past it gets the cap's marker, numbered maxEvents + 1 so that it is stored once), and log
 * lines over the rate are dropped. `report`: lines to tell of in a marker after the batch (0: none due).
 */
export function boundEvents(
  limit: LogRateLimit,
  maxEvents: number,
  buildId: number,
  attempt: number,
  events: AgentEvent[],
): { events: AgentEvent[]; report: number } {
  const overCap = events.some((event) => event.type === 'log' && event.seq > maxEvents);
  const within = events.filter((event) => event.type !== 'log' || event.seq <= maxEvents);
  const lines = within.filter((event) => event.type === 'log').length;
  const { allowed, report } = limit.take(buildId, attempt, lines);
  let taken = 0;
  const kept = within.filter((event) => event.type !== 'log' || taken++ < allowed);
  if (overCap) kept.push({ seq: maxEvents + 1, type: 'log', data: capMarker(maxEvents) });
  return { events: kept, report };
}
