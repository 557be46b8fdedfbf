import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import pRetry from 'p-retry';
import type { ClaimedJob, FinishBody, HeartbeatAnswer, HeartbeatBody, JobEvent, JobState } from './protocol';

/** A refusal the server meant (4xx, or 5xx after every retry): retrying the same call will not help. */
export class AgentApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** What the answer's `Retry-After` asked for, if it said (429 or 503). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'AgentApiError';
  }

  /** The worker token is no longer accepted (blocked, deleted or regenerated). */
  get refused(): boolean {
    return this.status === 401 || this.status === 403;
  }

  /**
   * The job is no longer this agent's (re-queued after its lease expired, rebuilt, or the token refused). A
   * 404 is not that: a missing source or logo fails the build instead.
   */
  get jobLost(): boolean {
    return this.status === 409 || this.refused;
  }
}

export interface RetryPolicy {
  /** Attempts of one call, the first included. */
  attempts: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/** The longest `Retry-After` the agent waits, so that a server's mistake cannot stall a build for hours. */
const MAX_RETRY_AFTER_MS = 60_000;

const DEFAULT_RETRY: RetryPolicy = { attempts: 6, firstDelayMs: 250, maxDelayMs: 5_000 };
const TRANSIENT = new Set([408, 429, 500, 502, 503, 504]);

/** The call failed because the server could not be reached or kept failing (not because it refused it). */
export const isUnreachable = (error: unknown): boolean =>
  !(error instanceof AgentApiError) || TRANSIENT.has(error.status);

/**
 * `Retry-After` as milliseconds from now: delay-seconds or an HTTP date (RFC 9110 §10.2.3), capped at
 * MAX_RETRY_AFTER_MS; undefined when absent or unreadable.
 */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  const ms = /^\d+$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now;
  return Number.isNaN(ms) ? undefined : Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

interface CallOptions {
  method?: string;
  json?: unknown;
  /** A fresh body for every attempt (a file stream cannot be sent twice). */
  body?: () => { stream: ReadableStream<Uint8Array>; headers: Record<string, string> };
  signal?: AbortSignal;
  /** The long poll answers after up to ~25 s; other calls get a plain timeout. */
  timeoutMs?: number;
}

/** The agent's HTTP calls: bearer worker token, JSON, and retries of transient failures with backoff. */
export class AgentApi {
  readonly server: string;

  constructor(
    server: string,
    private readonly token: string,
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
  ) {
    this.server = server.replace(/\/+$/, '');
  }

  heartbeat(body: HeartbeatBody): Promise<HeartbeatAnswer> {
    return this.json('/api/agent/heartbeat', { method: 'POST', json: body });
  }

  /** Waits for a job (the server long-polls); undefined when none came within the server's wait. */
  async claim(signal?: AbortSignal): Promise<ClaimedJob | undefined> {
    const res = await this.call('/api/agent/jobs/claim', {
      method: 'POST',
      json: {},
      signal,
      timeoutMs: 90_000,
    });
    if (res.status === 204) return undefined;
    return ((await res.json()) as { job: ClaimedJob }).job;
  }

  async events(jobId: number, attempt: number, events: JobEvent[]): Promise<JobState> {
    const answer = await this.json<{ state: JobState }>(`/api/agent/jobs/${jobId}/events`, {
      method: 'POST',
      json: { attempt, events },
    });
    return answer.state;
  }

  async uploadArtifact(jobId: number, file: string, sha256: string, size: number): Promise<void> {
    await this.call(`/api/agent/jobs/${jobId}/artifact`, {
      method: 'PUT',
      timeoutMs: 10 * 60_000,
      body: () => ({
        stream: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
        headers: {
          'content-type': 'application/octet-stream',
          'content-length': String(size),
          'x-sha256': sha256,
        },
      }),
    });
  }

  async finish(jobId: number, body: FinishBody): Promise<void> {
    await this.call(`/api/agent/jobs/${jobId}/finish`, { method: 'POST', json: body });
  }

  /** A tar of one repository at one tag, streamed; `jobId` scopes it to a job's spec. */
  async source(repository: string, tag: string, jobId?: number): Promise<ReadableStream<Uint8Array>> {
    const base = jobId === undefined ? '/api/agent/sources' : `/api/agent/jobs/${jobId}/sources`;
    const res = await this.call(`${base}/${encodeURIComponent(repository)}?tag=${encodeURIComponent(tag)}`, {
      timeoutMs: 10 * 60_000,
    });
    if (!res.body) throw new AgentApiError(502, 'Empty source archive');
    return res.body;
  }

  /** One image of a held job's logo set (le: light theme, de: dark theme), the one its spec names. */
  async jobLogo(jobId: number, variant: 'le' | 'de'): Promise<{ bytes: Buffer; type: string }> {
    const res = await this.call(`/api/agent/jobs/${jobId}/logo/${variant}`, { timeoutMs: 60_000 });
    return {
      bytes: Buffer.from(await res.arrayBuffer()),
      type: res.headers.get('content-type') ?? 'application/octet-stream',
    };
  }

  private async json<T>(path: string, options: CallOptions): Promise<T> {
    return (await (await this.call(path, options)).json()) as T;
  }

  /**
   * One call, retried by p-retry while it fails for want of a server (unreachable, timed out, 408, 429, 5xx):
   * exponential backoff with jitter (each delay 1 to 2 times the last, up to maxDelayMs), so that agents
   * which lost the console together do not come back in step. An answer's `Retry-After` (429, 503) is waited
   * first, then the backoff.
   */
  private async call(path: string, options: CallOptions): Promise<Response> {
    return pRetry(
      async () => {
        const res = await this.once(path, options);
        if (res.ok) return res;
        const detail = await res.text().catch(() => '');
        const asked = res.status === 429 || res.status === 503 ? res.headers.get('retry-after') : null;
        throw new AgentApiError(res.status, messageOf(res, detail), retryAfterMs(asked));
      },
      {
        retries: this.retry.attempts - 1,
        minTimeout: this.retry.firstDelayMs,
        maxTimeout: this.retry.maxDelayMs,
        factor: 2,
        randomize: true,
        signal: options.signal,
        shouldRetry: ({ error }) => !options.signal?.aborted && isUnreachable(error),
        onFailedAttempt: async ({ error, retriesLeft }) => {
          const wait = error instanceof AgentApiError ? error.retryAfterMs : undefined;
          if (wait && retriesLeft > 0 && isUnreachable(error))
            await sleep(wait, undefined, { signal: options.signal }).catch(() => undefined);
        },
      },
    );
  }

  private once(path: string, options: CallOptions): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.body) {
      const made = options.body();
      Object.assign(headers, made.headers);
      body = made.stream;
    }
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 30_000);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    return fetch(`${this.server}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal,
      // Streaming request bodies need half duplex in Node's fetch.
      ...(options.body ? { duplex: 'half' } : {}),
    } as RequestInit);
  }
}

function messageOf(res: Response, body: string): string {
  try {
    const detail = (JSON.parse(body) as { detail?: unknown }).detail;
    if (typeof detail === 'string') return `${res.status}: ${detail}`;
    if (detail !== undefined) return `${res.status}: ${JSON.stringify(detail)}`;
  } catch {
    // not JSON
  }
  return `${res.status} ${res.statusText}`;
}
