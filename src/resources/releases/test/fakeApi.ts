// A fake /api for the releases components: the real dataProvider and path map over a fake httpClient, so the
// tests also check which calls the pages make.
import { vi } from 'vitest';
import type { Role } from '../../../../contract/roles';
import { createDataProvider, resourcePaths } from '../../../dataProvider';
import { ApiError, type HttpClient, type HttpRequest } from '../../../dataProvider/httpClient';
import type { Release, RepositoryTags } from '../types';

export interface Call {
  method: string;
  path: string;
  query?: HttpRequest['query'];
  body?: unknown;
}

type Handler = (request: HttpRequest & { path: string }) => unknown;

export const SERIES = ['l7', 'l9', 't2t', 'x17', 'x19', 'x21'].map((name) => ({ name, is_blocked: false }));

export const REPOSITORY_TAGS: RepositoryTags[] = [
  {
    name: 'firmware-x19',
    url: '/repos/firmware-x19',
    tags: ['v1.0.0', 'v1.1.0'],
    branches: ['main'],
  },
  { name: 'web-ui', url: '/repos/web-ui', tags: ['v1.0.0', 'v1.1.0'], branches: ['main'] },
];

/** A 422 answer as the server gives it. */
export const validationError = (detail: { loc: (string | number)[]; msg: string }[]) =>
  new ApiError('Unprocessable Entity', 422, { detail }, 'Unprocessable Entity');

export function fakeApi(role: Role, releases: Release[], handlers: Record<string, Handler> = {}) {
  const calls: Call[] = [];
  const routes: Record<string, Handler> = {
    'GET /client/releases': ({ query }) =>
      query?.include_deleted === 'true' ? releases : releases.filter((r) => !r.is_removed),
    'GET /client/firmware/series': () => SERIES,
    'GET /client/languages': () => [{ name: 'en' }, { name: 'ru' }],
    'GET /admin/series-repository': () => [
      { series: 'x19', repository: 'firmware-x19' },
      { series: 'x19', repository: 'web-ui' },
    ],
    'GET /admin/repositories-tags': ({ query }) => (query?.series === 'x19' ? REPOSITORY_TAGS : []),
    'POST /admin/releases': ({ body }) => ({ ...(body as object), id: 100, is_removed: false }),
    ...handlers,
  };
  const httpClient = vi.fn(async (path: string, request: HttpRequest = {}) => {
    const method = request.method ?? 'GET';
    calls.push({ method, path, query: request.query, body: request.body });
    const route = routes[`${method} ${path}`];
    if (!route) throw new ApiError('Not Found', 404, { detail: 'Not Found' }, 'Not Found');
    const json = await route({ ...request, path });
    return { status: method === 'POST' ? 201 : 200, headers: new Headers(), json };
  }) as unknown as HttpClient;
  const dataProvider = createDataProvider(httpClient, resourcePaths, () => role);
  const writes = () => calls.filter((c) => c.method !== 'GET');
  return { httpClient, dataProvider, calls, writes };
}
