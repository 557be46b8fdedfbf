// The one way the console talks HTTP to /api (spec §7): JSON bodies, the bearer token, the anti-forgery header,
// timeouts, and errors that carry the status, status text and parsed body for the shared error display.
import { HttpError } from 'ra-core';
import { API_BASE } from '../lib/constants';
import { debugLog } from '../lib/debug';
import { isUnavailableStatus, reportConnection } from './connectionStatus';

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
  signal?: AbortSignal;
}

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  json: T;
}

export type HttpClient = <T = unknown>(path: string, request?: HttpRequest) => Promise<HttpResponse<T>>;

/** A response outside 200–299. `message` is the server's detail when it is a string. */
export class ApiError extends HttpError {
  readonly statusText: string;
  constructor(message: string, status: number, body: unknown, statusText: string) {
    super(message, status, body);
    // HttpError resets the prototype to its own; put ours back so `instanceof ApiError` holds.
    Object.setPrototypeOf(this, ApiError.prototype);
    this.name = 'ApiError';
    this.statusText = statusText;
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
  fetch?: typeof fetch;
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

export function createHttpClient({
  getToken,
  fetch: doFetch = (...args) => globalThis.fetch(...args),
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

  return async function httpClient<T>(path: string, request: HttpRequest = {}): Promise<HttpResponse<T>> {
    const { method = 'GET', query, body, timeout, auth = true, signal } = request;
    const headers = new Headers({ Accept: 'application/json' });
    const token = auth ? getToken() : undefined;
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

    const url = `${baseUrl}${path}${buildQuery(query)}`;
    debugLog(method, url, body);
    try {
      const response = await doFetch(url, {
        method,
        headers,
        body: payload,
        credentials: 'same-origin',
        signal: controller.signal,
      });
      reportConnection(!isUnavailableStatus(response.status));
      const json = parseBody(await response.text());
      if (response.status < 200 || response.status > 299) {
        const detail = (json as { detail?: unknown } | null)?.detail;
        const message =
          typeof detail === 'string' ? detail : response.statusText || `HTTP ${response.status}`;
        throw new ApiError(message, response.status, json, response.statusText);
      }
      return { status: response.status, headers: response.headers, json: json as T };
    } catch (error) {
      // fetch rejects with a TypeError when the server cannot be reached; a caller's abort is not that.
      if (timedOut || (error instanceof TypeError && !signal?.aborted)) reportConnection(false);
      if (timedOut) throw new TimeoutError(path, timeout as number);
      throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  };
}
