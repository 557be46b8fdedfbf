// A fake /api for the build form and the set pages: the real dataProvider and path map over a fake httpClient, so
// the tests also check which calls the pages make.
import { vi } from 'vitest';
import type { Role } from '../../../../../contract/roles';
import { createDataProvider, resourcePaths } from '../../../../dataProvider';
import { ApiError, type HttpClient, type HttpRequest } from '../../../../dataProvider/httpClient';
import type { Build, BuildSet } from '../../types';
import { build, catalogue, logos, releases, set } from './fixtures';

export interface Call {
  method: string;
  path: string;
  query?: HttpRequest['query'];
  idempotencyKey?: string;
  body?: unknown;
}

type Handler = (request: HttpRequest & { path: string }) => unknown;

/** A 422 answer as the server gives it. */
export const validationError = (detail: { loc: (string | number)[]; msg: string }[]) =>
  new ApiError('Unprocessable Entity', 422, { detail }, 'Unprocessable Entity');

export const BUILD_OPTIONS = [
  { name: 'fan_control', type: 'bool', default: true, description: 'Let the firmware control the fans' },
  { name: 'hostname_prefix', type: 'str', default: 'miner', description: 'Host name prefix' },
  { name: 'dns_servers', type: 'list', default: ['1.1.1.1'], description: 'DNS servers' },
];

export function fakeApi(
  role: Role,
  {
    sets = [set],
    builds = [build],
    handlers = {},
    total,
  }: {
    sets?: BuildSet[];
    builds?: Build[];
    handlers?: Record<string, Handler>;
    /** The x-total-count of paged lists (default: the rows answered). */
    total?: number;
  } = {},
) {
  const calls: Call[] = [];
  const routes: Record<string, Handler> = {
    'GET /client/firmware/series': () => catalogue.series,
    'GET /client/firmware/models': () => catalogue.models,
    'GET /client/firmware/model-platform-install_type': () => catalogue.combinations,
    'GET /client/releases': () => releases,
    'GET /client/firmware/license': () => [
      { id: 5, name: 'EU Standard', region: 'Europe' },
      { id: 6, name: 'US Standard', region: 'North America' },
    ],
    'GET /client/pool-url': () => [{ pool: 'ViaBTC', url: 'stratum+tcp://btc.viabtc.io:3333' }],
    'GET /client/firmware/firmware_ssh_key': () => [
      { id: 3, name: 'laptop', key: 'ssh-ed25519 AAAA laptop' },
      { id: 4, name: 'ci', key: 'ssh-ed25519 AAAA ci' },
    ],
    'GET /client/firmware/logo': () => logos,
    'GET /admin/groups/build-options': () => BUILD_OPTIONS,
    'GET /client/firmware/build-options/defaults': () =>
      Object.fromEntries(BUILD_OPTIONS.map((o) => [o.name, o.default])),
    'GET /client/firmware/groups': () => sets,
    'GET /client/firmware/firmwares': ({ query }) =>
      builds.filter((b) => b.group_id === Number(query?.group_id)),
    'GET /admin/firmwares': ({ query }) => builds.filter((b) => b.group_id === Number(query?.group_id)),
    'POST /client/firmware/firmwares': ({ body }) => ({
      ...build,
      ...(body as object),
      id: 101,
      status: 'pending',
    }),
    'PATCH /client/firmware/firmwares/100': ({ body }) => ({ ...build, ...(body as object) }),
    'POST /client/account/logo': () => ({
      id: 77,
      le: '/api/logos/77/le',
      de: '/api/logos/77/de',
      is_default: false,
    }),
    ...handlers,
  };
  const httpClient = vi.fn(async (path: string, request: HttpRequest = {}) => {
    const method = request.method ?? 'GET';
    calls.push({
      method,
      path,
      query: request.query,
      body: request.body,
      ...(request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : {}),
    });
    const route = routes[`${method} ${path}`];
    if (!route) throw new ApiError('Not Found', 404, { detail: 'Not Found' }, 'Not Found');
    const json = await route({ ...request, path });
    const headers = new Headers(Array.isArray(json) ? { 'x-total-count': String(total ?? json.length) } : {});
    return { status: method === 'POST' ? 201 : 200, headers, json };
  }) as unknown as HttpClient;
  const dataProvider = createDataProvider(httpClient, resourcePaths, () => role);
  const writes = () => calls.filter((c) => c.method !== 'GET');
  return { httpClient, dataProvider, calls, writes };
}
