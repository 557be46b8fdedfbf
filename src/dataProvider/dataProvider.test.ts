import { describe, expect, it, vi } from 'vitest';
import type { Role } from '../../contract/roles';
import type { HttpClient, HttpRequest } from './httpClient';
import { callOf, calls, changedFields, createDataProvider, fillRoute, routeFor } from './index';

function fakeHttp(json: unknown = [], headers: Record<string, string> = {}) {
  const calls: { path: string; request: HttpRequest }[] = [];
  const httpClient = vi.fn(async (path: string, request: HttpRequest = {}) => {
    calls.push({ path, request });
    return { status: 200, headers: new Headers(headers), json };
  }) as unknown as HttpClient;
  return { httpClient, calls };
}

const listParams = (page = 1, perPage = 20, filter = {}) => ({
  pagination: { page, perPage },
  sort: { field: 'id', order: 'ASC' as const },
  filter,
});

describe('dataProvider', () => {
  it('pages zero-based on the wire and reads the paging headers', async () => {
    const { httpClient, calls } = fakeHttp([{ id: 1 }, { id: 2 }], {
      'x-total-count': '42',
      'x-page': '2',
      'x-page-size': '20',
    });
    const dp = createDataProvider(httpClient);
    const result = await dp.getList('tasks', listParams(3, 20, { search: 'abc', is_favorite: true }));
    expect(calls[0].path).toBe('/client/firmware/tasks');
    expect(calls[0].request).toMatchObject({
      method: 'GET',
      query: { page: 2, search: 'abc', is_favorite: true },
    });
    expect(calls[0].request.body).toBeUndefined();
    expect(result.total).toBe(42);
    expect(result.data).toHaveLength(2);
    expect(result.meta).toEqual({ page: 2, pageSize: 20 });
  });

  it('loads builds from the admin path for admins and the client path for others', async () => {
    let role: Role | undefined = 'admin';
    const { httpClient, calls } = fakeHttp([], { 'x-total-count': '0' });
    const dp = createDataProvider(httpClient, undefined, () => role);
    await dp.getList('builds', { ...listParams(), meta: { query: { group_id: 7, is_removed: false } } });
    role = 'user';
    await dp.getList('builds', { ...listParams(), meta: { query: { group_id: 7 } } });
    expect(calls.map((c) => c.path)).toEqual(['/admin/firmwares', '/client/firmware/firmwares']);
    expect(calls[0].request.query).toEqual({ group_id: 7, is_removed: false });
  });

  it('lists plain arrays in the browser: filter, sort, page, total', async () => {
    const models = [
      { name: 'S21', series: 'x21' },
      { name: 'S19', series: 'x19' },
      { name: 'S19 Pro', series: 'x19' },
    ];
    const { httpClient, calls } = fakeHttp(models);
    const dp = createDataProvider(httpClient);
    const result = await dp.getList('models', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'name', order: 'ASC' },
      filter: { series: 'x19' },
    });
    expect(calls[0]).toMatchObject({
      path: '/client/firmware/models',
      request: { method: 'GET', query: {}, timeout: 5000 },
    });
    expect(result.total).toBe(2);
    expect(result.data).toEqual([{ name: 'S19', series: 'x19', id: 'S19' }]);
  });

  it('keys combinations by model-platform-install_type', async () => {
    const { httpClient } = fakeHttp([{ model: 'S19', platform: 'cv', install_type: 'sd' }]);
    const { data } = await createDataProvider(httpClient).getList('combinations', listParams());
    expect(data[0].id).toBe('S19-cv-sd');
  });

  it('getOne uses the item route, or finds the record in the list', async () => {
    const partner = fakeHttp({ id: 5, worker: 'acme' });
    const one = await createDataProvider(partner.httpClient).getOne('partners', { id: 5 });
    expect(partner.calls[0]).toMatchObject({ path: '/admin/user', request: { query: { user_id: '5' } } });
    expect(one.data).toEqual({ id: 5, worker: 'acme' });

    const releases = fakeHttp([{ id: 1 }, { id: 2, version: '2.0' }]);
    const found = await createDataProvider(releases.httpClient).getOne('releases', { id: '2' });
    expect(releases.calls[0].path).toBe('/client/releases');
    expect(found.data).toEqual({ id: 2, version: '2.0' });
  });

  it('creates with a POST of the data', async () => {
    const { httpClient, calls } = fakeHttp({ id: 9 });
    const result = await createDataProvider(httpClient).create('agents', { data: { name: 'builder-1' } });
    expect(calls[0]).toMatchObject({
      path: '/admin/workers',
      request: { method: 'POST', body: { name: 'builder-1' } },
    });
    expect(result.data).toEqual({ id: 9, name: 'builder-1' });
  });

  it('updates with only the changed fields, with the verb of the table', async () => {
    const { httpClient, calls } = fakeHttp({});
    const dp = createDataProvider(httpClient);
    await dp.update('agents', {
      id: 3,
      data: { id: 3, name: 'renamed', token: 't', is_blocked: false },
      previousData: { id: 3, name: 'old', token: 't', is_blocked: false },
    });
    expect(calls[0]).toMatchObject({
      path: '/admin/workers/3',
      request: { method: 'PUT', body: { name: 'renamed' } },
    });

    await dp.update('releases', {
      id: 4,
      data: { is_draft: false },
      previousData: { id: 4, is_draft: true },
    });
    expect(calls[1]).toMatchObject({
      path: '/admin/releases/4',
      request: { method: 'PATCH', body: { is_draft: false } },
    });
  });

  it('fills admin query routes from the record', async () => {
    const { httpClient, calls } = fakeHttp({});
    const dp = createDataProvider(httpClient, undefined, () => 'admin');
    await dp.update('builds', {
      id: 11,
      data: { name: 'b' },
      previousData: { id: 11, name: 'a', user_id: 4 },
    });
    expect(calls[0]).toMatchObject({
      path: '/admin/firmwares',
      request: { method: 'PATCH', query: { firmware_id: '11', user_id: '4' }, body: { name: 'b' } },
    });
  });

  it('deletes with meta.query (full_clean)', async () => {
    const { httpClient, calls } = fakeHttp(null);
    const dp = createDataProvider(httpClient, undefined, () => 'user');
    await dp.delete('sets', { id: 8, meta: { query: { full_clean: true } } });
    expect(calls[0]).toMatchObject({
      path: '/client/firmware/groups/8',
      request: { method: 'DELETE', query: { full_clean: true } },
    });
    await dp.deleteMany('sets', { ids: [1, 2] });
    expect(calls.slice(1).map((c) => c.path)).toEqual([
      '/client/firmware/groups/1',
      '/client/firmware/groups/2',
    ]);
  });

  it('deletes many in one call where the table has a deleteMany route', async () => {
    const { httpClient, calls } = fakeHttp(null);
    const dp = createDataProvider(httpClient);
    await dp.deleteMany('tasks', { ids: [3, 5, 8] });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      path: '/client/firmware/tasks',
      request: { method: 'DELETE', query: { ids: '3,5,8' } },
    });
  });

  it('passes the referencing field as a filter', async () => {
    const { httpClient, calls } = fakeHttp([], { 'x-total-count': '0' });
    await createDataProvider(httpClient).getManyReference('tasks', {
      target: 'group_id',
      id: 3,
      ...listParams(),
    });
    expect(calls[0].request.query).toMatchObject({ group_id: 3, page: 0 });
  });

  it('refuses resources missing from the table', async () => {
    const { httpClient } = fakeHttp();
    await expect(createDataProvider(httpClient).getList('nope', listParams())).rejects.toThrow(
      /Unknown resource/,
    );
    await expect(createDataProvider(httpClient).create('tasks', { data: {} })).rejects.toThrow(
      /No create route/,
    );
  });

  it('fills routes and diffs fields', () => {
    expect(fillRoute('DELETE /client/firmware/firmware_ssh_key?id={id}', { id: 'a b' })).toEqual({
      method: 'DELETE',
      path: '/client/firmware/firmware_ssh_key',
      query: { id: 'a b' },
    });
    expect(changedFields({ id: 1, a: 1, b: [1], c: 'x' }, { id: 1, a: 1, b: [1], c: 'y' })).toEqual({
      c: 'x',
    });
    expect(changedFields({ id: 1, a: 1 })).toEqual({ a: 1 });
  });
});

describe('the path map’s named calls', () => {
  it('picks the admin route for admins and the default for everyone else', () => {
    const route = { admin: 'POST /admin/x', default: 'POST /client/x' };
    expect(routeFor(route, true)).toBe('POST /admin/x');
    expect(routeFor(route, false)).toBe('POST /client/x');
    expect(routeFor('GET /client/y', true)).toBe('GET /client/y');
  });

  it('fills a call’s path and query and gives its method, by role', () => {
    const build = { id: 11, user_id: 4 };
    expect(callOf('patchPools', build, true)).toEqual({
      path: '/admin/firmwares/pool',
      request: { method: 'PATCH', query: { firmware_id: '11', user_id: '4' } },
    });
    expect(callOf('patchPools', build, false)).toEqual({
      path: '/client/firmware/firmwares/11/pool',
      request: { method: 'PATCH' },
    });
    expect(callOf('rebuildSet', { id: 3 }, true).path).toBe('/admin/groups/3/rebuild');
    expect(callOf('rebuildSet', { id: 3 }).path).toBe('/client/firmware/groups/3/rebuild');
    expect(callOf('cancelTask', { id: 'a/b' }).path).toBe('/client/firmware/tasks/a%2Fb/cancel');
    expect(callOf('accountInfo')).toEqual({ path: '/client/account/info', request: { method: 'GET' } });
  });

  it('gives both routes of a role pair the same method', () => {
    for (const [name, route] of Object.entries(calls)) {
      if (typeof route === 'string') continue;
      expect(route.admin.split(' ')[0], name).toBe(route.default.split(' ')[0]);
      expect(route.admin, name).toMatch(/ \/admin\//);
    }
  });
});
