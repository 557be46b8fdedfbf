// The one way the console talks HTTP to /api (spec §7): JSON bodies, the bearer token, the anti-forgery header,
// timeouts, and errors that carry the status, status text and parsed body for the shared error display.
import { HttpError } from 'ra-core';
import { API_BASE } from '../../contract/constants';
import { isUnavailableStatus, reportConnection, retryDelay, sleepFor } from './connectionStatus';
import { debugLog } from './debug';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number | boolean)[];

export interface HttpRequest {
  method?: HttpMethod;
  /** Query parameters; null, undefined and '' are left out, lists repeat the key. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON, or as is when it is FormData. */
  body?: unknown;
  /** Milliseconds; no timeout unless given (spec §7). */
  timeout?: number;
  /** false for the calls made before there is a token (sign-in, password reset). */
  auth?: boolean;
  /** Sent as `Idempotency-Key`: the server makes a creating POST once per key (see newIdempotencyKey). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  json: T;
}

export type HttpClient = <T = unknown>(path: string, request?: HttpRequest) => Promise<HttpResponse<T>>;

/**
 * A response outside 200–299. `message` is the server's detail when it is a string; `retryAfter` the seconds
 * its Retry-After asks to wait (a 429 from the sign-in and e-mail limits), when it sent one.
 */
export class ApiError extends HttpError {
  readonly statusText: string;
  readonly retryAfter?: number;
  constructor(message: string, status: number, body: unknown, statusText: string, retryAfter?: number) {
    super(message, status, body);
    // HttpError resets the prototype to its own; put ours back so `instanceof ApiError` holds.
    Object.setPrototypeOf(this, ApiError.prototype);
    this.name = 'ApiError';
    this.statusText = statusText;
    this.retryAfter = retryAfter;
  }
}

/** Retry-After in seconds: a number of seconds, or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** A write that could not reach the server; its message is the translation key react-admin's toasts translate. */
export class ConnectionError extends Error {
  constructor() {
    super('app.connection.failed');
    this.name = 'ConnectionError';
  }
}

export class TimeoutError extends Error {
  constructor(path: string, ms: number) {
    super(`Request timed out after ${ms} ms: ${path}`);
    this.name = 'TimeoutError';
  }
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
const WRITES = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface HttpClientOptions {
  getToken: () => string | null | undefined;
  /**
   * A change of token under way in this tab (a password change: authProvider/session's tokenRenewal). The
   * change revokes every older token before its answer brings the new one, so a request sent meanwhile is
   * refused 401: it waits for the change and is sent again with the newer token, rather than signing out.
   */
  tokenRenewal?: () => Promise<unknown> | undefined;
  fetch?: typeof fetch;
  /** Waits before a read is tried again while the server cannot be reached (tests make it instant). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The document's cookies, read again before every write. */
  readCookies?: () => string;
  baseUrl?: string;
}

export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function buildQuery(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === undefined || v === null || v === '') continue;
      params.append(key, String(v));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const parseBody = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Why a response or a rejection means "the server is not there right now". */
const unreachable = (outcome: { response?: Response; error?: unknown }, signal?: AbortSignal) =>
  outcome.response
    ? isUnavailableStatus(outcome.response.status)
    : outcome.error instanceof TypeError && !signal?.aborted;

export function createHttpClient({
  getToken,
  tokenRenewal = () => undefined,
  fetch: doFetch = (...args) => globalThis.fetch(...args),
  sleep = sleepFor,
  readCookies = () => (typeof document === 'undefined' ? '' : document.cookie),
  baseUrl = API_BASE,
}: HttpClientOptions): HttpClient {
  let xsrfRequest: Promise<unknown> | undefined;

  /** The anti-forgery token; when the cookie is missing, GET /auth/xsrf sets it first (once for concurrent writes). */
  const xsrfToken = async (): Promise<string | undefined> => {
    const current = readCookie(readCookies(), XSRF_COOKIE);
    if (current) return current;
    xsrfRequest ??= doFetch(`${baseUrl}/auth/xsrf`, { credentials: 'same-origin' }).finally(() => {
      xsrfRequest = undefined;
    });
    await xsrfRequest;
    return readCookie(readCookies(), XSRF_COOKIE);
  };

  /** One attempt: the response, or why there was none (a TypeError when the server cannot be reached). */
  const send = async (
    url: string,
    init: RequestInit,
    path: string,
    timeout: number | undefined,
    signal: AbortSignal | undefined,
  ): Promise<{ response?: Response; error?: unknown }> => {
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort);
    let timedOut = false;
    const timer =
      timeout === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeout);
    try {
      return { response: await doFetch(url, { ...init, signal: controller.signal }) };
    } catch (error) {
      return { error: timedOut ? new TimeoutError(path, timeout as number) : error };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  };

  return async function httpClient<T>(path: string, request: HttpRequest = {}): Promise<HttpResponse<T>> {
    const { method = 'GET', query, body, timeout, auth = true, signal, idempotencyKey } = request;
    const headers = new Headers({ Accept: 'application/json' });
    if (idempotencyKey) headers.set('Idempotency-Key', idempotencyKey);
    let token = auth ? getToken() : undefined;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (WRITES.has(method)) {
      const xsrf = await xsrfToken();
      if (xsrf) headers.set(XSRF_HEADER, xsrf);
    }
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers.set('Content-Type', 'application/json');
      payload = JSON.stringify(body);
    }

    const url = `${baseUrl}${path}${buildQuery(query)}`;
    debugLog(method, url, body);
    const init = { method, headers, body: payload, credentials: 'same-origin' as const };

    // While the server cannot be reached (a restart, a database outage) a read without a timeout waits and
    // tries again, and the connection banner says so, instead of failing into an error toast; a write is not
    // repeated (it may have been done) and fails with a translated message.
    const retries = method === 'GET' && timeout === undefined;
    for (let attempt = 0; ; attempt++) {
      const outcome = await send(url, init, path, timeout, signal);
      const down = unreachable(outcome, signal);
      if (outcome.response || down || outcome.error instanceof TimeoutError)
        reportConnection(!down && !(outcome.error instanceof TimeoutError));
      if (down && retries && !signal?.aborted) {
        await sleep(retryDelay(attempt), signal);
        if (!signal?.aborted) continue;
      }
      if (signal?.aborted) throw signal.reason ?? new DOMException('Aborted', 'AbortError');
      if (outcome.error) {
        if (down && outcome.error instanceof TypeError) throw new ConnectionError();
        throw outcome.error;
      }
      const response = outcome.response as Response;
      if (response.status === 401 && token) {
        // A 401 is refused before anything is done, so a write may be sent again too; only once per token.
        await tokenRenewal();
        const newer = getToken();
        if (newer && newer !== token) {
          token = newer;
          headers.set('Authorization', `Bearer ${token}`);
          continue;
        }
      }
      const json = parseBody(await response.text());
      if (response.status < 200 || response.status > 299) {
        const detail = (json as { detail?: unknown } | null)?.detail;
        const message =
          typeof detail === 'string' ? detail : response.statusText || `HTTP ${response.status}`;
        throw new ApiError(
          message,
          response.status,
          json,
          response.statusText,
          retryAfterSeconds(response.headers.get('retry-after')),
        );
      }
      return { status: response.status, headers: response.headers, json: json as T };
    }
  };
}
