// The console's API as a typed client: `paths` is generated from the served OpenAPI document
// (`npm run client:generate`), openapi-fetch makes the calls. Node 20+ or a browser.
import { randomBytes } from 'node:crypto';
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './api';

export type { components, operations, paths } from './api';

export interface ConsoleClientOptions {
  /** The console's address, e.g. https://console.example.com (no /api). */
  baseUrl: string;
  /** A bearer token: the `token` of POST /api/auth/sign-in (an API token once the console has them). */
  token: string;
}

/**
 * Writes signed in with a session token also need the double-submit XSRF pair (the same random value as the
 * XSRF-TOKEN cookie and the X-XSRF-TOKEN header). Requests with an API token will not; then this goes.
 */
const xsrfPair = (): Middleware => {
  const value = randomBytes(16).toString('hex');
  return {
    onRequest({ request }) {
      if (request.method === 'GET' || request.method === 'HEAD') return request;
      request.headers.set('cookie', `XSRF-TOKEN=${value}`);
      request.headers.set('x-xsrf-token', value);
      return request;
    },
  };
};

export function consoleClient({ baseUrl, token }: ConsoleClientOptions) {
  const client = createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: { authorization: `Bearer ${token}` },
  });
  client.use(xsrfPair());
  return client;
}

export type ConsoleClient = ReturnType<typeof consoleClient>;
