// The console's API as a typed client: `paths` is generated from the served OpenAPI document
// (`npm run client:generate`), openapi-fetch makes the calls. Node 20+ or a browser.
import createClient from 'openapi-fetch';
import type { paths } from './api';

export type { components, operations, paths } from './api';

export interface ConsoleClientOptions {
  /** The console's address, e.g. https://console.example.com (no /api). */
  baseUrl: string;
  /**
   * An API token (`fwc_…`, made in My settings → API, or by POST /api/client/account/tokens), scope `build` to
   * submit builds. Requests made with it need no XSRF pair, and it outlives password changes.
   */
  token: string;
}

export function consoleClient({ baseUrl, token }: ConsoleClientOptions) {
  const client = createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: { authorization: `Bearer ${token}` },
  });
  return client;
}

export type ConsoleClient = ReturnType<typeof consoleClient>;
