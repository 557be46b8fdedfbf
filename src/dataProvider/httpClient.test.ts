import { describe, expect, it, vi } from 'vitest';
import { isConnectionDown } from './connectionStatus';
import {
  ApiError,
  buildQuery,
  ConnectionError,
  createHttpClient,
  readCookie,
  retryAfterSeconds,
  TimeoutError,
} from './httpClient';

const reply = (status: number, body: unknown, init: ResponseInit = {}) =>
  new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    ...init,
  });

function setup({ cookies = 'XSRF-TOKEN=abc', token = 'tok' as string | null } = {}) {
  let cookieJar = cookies;
  const fetch = vi.fn(async (url: string | URL | Request, _init?: RequestInit) => {
    if (String(url) === '/api/auth/xsrf') {
      cookieJar = 'XSRF-TOKEN=fresh';
      return reply(204, undefined);
    }
    return reply(200, { ok: true });
  });
  const client = createHttpClient({
    getToken: () => token,
    fetch: fetch as typeof globalThis.fetch,
    readCookies: () => cookieJar,
  });
  const call = (i: number) => {
    const [url, init] = fetch.mock.calls[i];
    return { url: String(url), init: init as RequestInit, headers: new Headers(init?.headers) };
  };
  return { client, fetch, call };
}

describe('httpClient', () => {
  it('sends the bearer token and no XSRF header on reads', async () => {
    const { client, call } = setup();
    await client('/client/account/info');
    expect(call(0).url).toBe('/api/client/account/info');
    expect(call(0).headers.get('Authorization')).toBe('Bearer tok');
    expect(call(0).headers.get('X-XSRF-TOKEN')).toBeNull();
  });

  it('leaves the token out when auth is false', async () => {
    const { client, call } = setup();
    await client('/auth/sign-in', { method: 'POST', body: { email: 'a' }, auth: false });
    expect(call(0).headers.get('Authorization')).toBeNull();
    expect(call(0).init.body).toBe('{"email":"a"}');
    expect(call(0).headers.get('Content-Type')).toBe('application/json');
  });

  it('sends the XSRF cookie as a header on writes', async () => {
    const { client, call } = setup();
    await client('/client/account/info', { method: 'PATCH', body: { language: 'ru' } });
    expect(call(0).headers.get('X-XSRF-TOKEN')).toBe('abc');
  });

  it('fetches /auth/xsrf first when the cookie is missing', async () => {
    const { client, call, fetch } = setup({ cookies: '' });
    await client('/client/firmware/groups', { method: 'POST', body: {} });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(call(0).url).toBe('/api/auth/xsrf');
    expect(call(1).headers.get('X-XSRF-TOKEN')).toBe('fresh');
  });

  it('builds query strings, skipping empty values and repeating lists', () => {
    expect(buildQuery({ page: 0, search: '', a: undefined, b: null, is_removed: false, id: [1, 2] })).toBe(
      '?page=0&is_removed=false&id=1&id=2',
    );
    expect(buildQuery({})).toBe('');
  });

  it('reads cookies by name', () => {
    expect(readCookie('a=1; XSRF-TOKEN=x%3Dy; b=2', 'XSRF-TOKEN')).toBe('x=y');
    expect(readCookie('a=1', 'XSRF-TOKEN')).toBeUndefined();
  });

  it('rejects non-2xx answers with the status, status text and body', async () => {
    const fetch = vi.fn(async () =>
      reply(401, { detail: 'Incorrect email or password' }, { statusText: 'Unauthorized' }),
    );
    const client = createHttpClient({ getToken: () => null, fetch, readCookies: () => '' });
    const error = await client('/x').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      statusText: 'Unauthorized',
      message: 'Incorrect email or password',
    });
    expect(error.body).toEqual({ detail: 'Incorrect email or password' });
  });

  it('carries the seconds of a Retry-After', async () => {
    const fetch = vi.fn(async () =>
      reply(
        429,
        { detail: 'Too many sign-in attempts, try again later' },
        { headers: { 'Retry-After': '7' } },
      ),
    );
    const client = createHttpClient({ getToken: () => null, fetch, readCookies: () => '' });
    const error = await client('/x').catch((e) => e);
    expect(error).toMatchObject({ status: 429, retryAfter: 7 });
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('soon')).toBeUndefined();
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(retryAfterSeconds('Tue, 01 Jan 2030 00:02:00 GMT', now)).toBe(120);
  });

  it('times out when asked to', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const client = createHttpClient({ getToken: () => null, fetch: fetch as typeof globalThis.fetch });
    const pending = client('/client/firmware/models', { timeout: 5000 }).catch((e) => e);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await pending).toBeInstanceOf(TimeoutError);
    vi.useRealTimers();
  });

  it('tries a read again while the server cannot be reached, saying so, until it answers', async () => {
    const outcomes: (() => Promise<Response>)[] = [
      async () => {
        throw new TypeError('Failed to fetch');
      },
      async () => reply(503, { detail: 'Database unavailable' }),
      async () => reply(200, { ok: true }),
    ];
    const waits: number[] = [];
    const downWhileWaiting: boolean[] = [];
    const fetch = vi.fn(() => (outcomes.shift() as () => Promise<Response>)());
    const client = createHttpClient({
      getToken: () => 't',
      fetch: fetch as typeof globalThis.fetch,
      sleep: async (ms) => {
        waits.push(ms);
        downWhileWaiting.push(isConnectionDown());
      },
    });
    expect((await client('/client/firmware/models')).json).toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([1000, 2000]);
    expect(downWhileWaiting).toEqual([true, true]);
    expect(isConnectionDown()).toBe(false);
  });

  it('stops trying when the caller gives up', async () => {
    const controller = new AbortController();
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const client = createHttpClient({
      getToken: () => 't',
      fetch: fetch as typeof globalThis.fetch,
      sleep: async () => controller.abort(new DOMException('left the page', 'AbortError')),
    });
    const error = await client('/x', { signal: controller.signal }).catch((e) => e);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does not repeat a write: it fails with a message to translate, not the browser\'s "Failed to fetch"', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const client = createHttpClient({
      getToken: () => 't',
      fetch: fetch as typeof globalThis.fetch,
      readCookies: () => 'XSRF-TOKEN=abc',
      sleep: async () => undefined,
    });
    const error = await client('/client/firmware/groups', { method: 'POST', body: { name: 'a' } }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toBe('app.connection.failed');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(isConnectionDown()).toBe(true);
  });

  describe("a request sent while this tab's password change revokes its token (issue 40, CI stop 49)", () => {
    /** A server that knows one valid token at a time; the test hands the change's answer over. */
    function server() {
      let valid = 'old';
      let token = 'old';
      let answer: (() => void) | undefined;
      let renewal: Promise<void> | undefined;
      const sent: string[] = [];
      const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
        const bearer = new Headers(init?.headers).get('Authorization') ?? '';
        sent.push(bearer);
        return bearer === `Bearer ${valid}`
          ? reply(200, { ok: true })
          : reply(401, { detail: 'Token revoked' });
      });
      const client = createHttpClient({
        getToken: () => token,
        tokenRenewal: () => renewal,
        fetch: fetch as typeof globalThis.fetch,
        readCookies: () => 'XSRF-TOKEN=abc',
      });
      return {
        client,
        sent,
        /** The server revoked the old token; its answer (the new token) is still on its way. */
        revoke() {
          valid = 'new';
          renewal = new Promise<void>((resolve) => {
            answer = () => {
              token = 'new';
              renewal = undefined;
              resolve();
            };
          });
        },
        answer: () => answer?.(),
        /** Another tab or an admin ended the session: no newer token comes. */
        endElsewhere() {
          valid = 'other';
        },
      };
    }

    it('waits for the new token and is sent again with it, instead of failing 401 (which signs out)', async () => {
      const api = server();
      api.revoke();
      const read = api.client<{ ok: boolean }>('/client/tasks');
      const write = api.client('/client/firmware/groups', { method: 'POST', body: { name: 'a' } });
      await vi.waitFor(() => expect(api.sent).toHaveLength(2));
      api.answer();
      expect((await read).json).toEqual({ ok: true });
      await write;
      expect(api.sent).toEqual(['Bearer old', 'Bearer old', 'Bearer new', 'Bearer new']);
    });

    it('is sent again when the new token had already arrived by the time its 401 came back', async () => {
      // The request read its token before the change's answer was stored; every later read finds the new one.
      const tokens = ['old'];
      const sent: string[] = [];
      const client = createHttpClient({
        getToken: () => tokens.shift() ?? 'new',
        fetch: (async (_url: string | URL | Request, init?: RequestInit) => {
          sent.push(new Headers(init?.headers).get('Authorization') ?? '');
          return sent.length === 1 ? reply(401, {}) : reply(200, { ok: true });
        }) as typeof globalThis.fetch,
        readCookies: () => '',
      });
      expect((await client('/client/tasks')).json).toEqual({ ok: true });
      expect(sent).toEqual(['Bearer old', 'Bearer new']);
    });

    it('still fails 401 when the session ended and no newer token came', async () => {
      const api = server();
      api.endElsewhere();
      const error = await api.client('/client/tasks').catch((e) => e);
      expect(error).toMatchObject({ status: 401 });
      expect(api.sent).toEqual(['Bearer old']);
    });
  });
});
