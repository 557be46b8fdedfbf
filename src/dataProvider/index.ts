import type {
  DataProvider,
  DeleteParams,
  DeleteResult,
  GetListParams,
  GetListResult,
  GetOneParams,
  GetOneResult,
  Identifier,
  RaRecord,
  UpdateParams,
  UpdateResult,
} from 'ra-core';
import type { Role } from '../../contract/roles';
import { lazyCollator } from '../i18n/collator';
import type { HttpClient, HttpResponse, QueryValue } from './httpClient';
import {
  fillRoute,
  type ResourcePath,
  type ResourcePaths,
  type RoleRoute,
  type Route,
  resourcePaths,
  routeFor,
} from './paths';

export type { ResourcePath, ResourcePaths } from './paths';
export { callOf, calls, fillRoute, resourcePaths, routeFor } from './paths';

type Query = Record<string, QueryValue>;
type Values = Record<string, unknown>;

const isObject = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const numberHeader = (response: HttpResponse, name: string) => {
  const value = response.headers.get(name);
  return value === null || value.trim() === '' || Number.isNaN(Number(value)) ? undefined : Number(value);
};

/** The fields of `data` that differ from `previousData` (the server rejects fields it does not expect). */
export function changedFields(data: Values, previousData?: Values): Values {
  const changed: Values = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === 'id') continue;
    if (previousData && JSON.stringify(previousData[key]) === JSON.stringify(value)) continue;
    changed[key] = value;
  }
  return changed;
}

/** The order `String.prototype.localeCompare` gives, from one collator: the miner models are sorted at start. */
const compareText = lazyCollator();

const compare = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : compareText(String(a ?? ''), String(b ?? ''));

/** Filters, sorts and pages a plain array in the browser (`q` searches every text field). */
function listInBrowser(
  records: RaRecord[],
  { filter = {}, sort, pagination }: Partial<GetListParams>,
): RaRecord[] {
  let rows = records.filter((record) =>
    Object.entries(filter).every(([key, wanted]) => {
      if (wanted === undefined || wanted === '') return true;
      if (key === 'q') {
        const needle = String(wanted).toLowerCase();
        return Object.values(record).some((v) => typeof v === 'string' && v.toLowerCase().includes(needle));
      }
      const value = (record as Values)[key];
      return Array.isArray(wanted) ? wanted.includes(value) : value === wanted;
    }),
  );
  if (sort?.field && records.some((r) => sort.field in r)) {
    const direction = sort.order === 'DESC' ? -1 : 1;
    rows = [...rows].sort((a, b) => direction * compare(a[sort.field], b[sort.field]));
  }
  if (pagination) {
    const start = (pagination.page - 1) * pagination.perPage;
    rows = rows.slice(start, start + pagination.perPage);
  }
  return rows;
}

/**
 * The react-admin dataProvider over /api. One table (`paths`) says which call each resource makes; the role of
 * the signed-in account picks admin routes where the table has them.
 *
 * | method           | HTTP call                                                                              |
 * | ---------------- | -------------------------------------------------------------------------------------- |
 * | getList (paged)  | GET {getList}?page={page - 1}&{filter}&{meta.query} → total from x-total-count          |
 * | getList (array)  | GET {getList}?{meta.query} → filtered, sorted and paged here; total = matching rows     |
 * | getOne           | GET {getOne}, or the record with that id in getList's answer                            |
 * | getMany          | getOne per id                                                                           |
 * | getManyReference | getList with filter {[target]: id}                                                      |
 * | create           | POST {create}, body = data; meta.idempotencyKey goes as the Idempotency-Key header      |
 * | update           | {update} (PATCH or PUT), body = the fields changed from previousData                    |
 * | updateMany       | update per id                                                                           |
 * | delete           | DELETE {delete}?{meta.query} (e.g. full_clean)                                          |
 * | deleteMany       | DELETE {deleteMany}, `{ids}` = the ids joined by commas; without one, delete per id     |
 *
 * Pages are one-based in react-admin and zero-based on the wire (spec §7); x-page and x-page-size come back in
 * the result's `meta`. No sort goes on the wire: the API has no sort parameter.
 */
export function createDataProvider(
  httpClient: HttpClient,
  paths: ResourcePaths = resourcePaths,
  getRole: () => Role | undefined = () => undefined,
): DataProvider {
  const entry = (resource: string): ResourcePath => {
    const found = paths[resource];
    if (!found) throw new Error(`Unknown resource "${resource}": add it to dataProvider/paths.ts`);
    return found;
  };

  const pick = (resource: string, action: keyof ResourcePath): Route => {
    const route = entry(resource)[action] as Route | RoleRoute | undefined;
    if (!route) throw new Error(`No ${String(action)} route for "${resource}" in dataProvider/paths.ts`);
    return routeFor(route, getRole() === 'admin');
  };

  const withId = (resource: string, record: unknown): RaRecord => {
    const idOf = entry(resource).id;
    if (!isObject(record) || idOf === undefined) return record as RaRecord;
    const id = typeof idOf === 'function' ? idOf(record) : record[idOf];
    return { ...record, id: id as Identifier };
  };

  const send = async (
    resource: string,
    action: keyof ResourcePath,
    values: Values,
    extra: Query,
    body?: unknown,
    idempotencyKey?: string,
  ) => {
    const { method, path, query } = fillRoute(pick(resource, action), values);
    const isRead = method === 'GET';
    return httpClient(path, {
      method,
      query: { ...query, ...extra },
      body,
      timeout: isRead ? entry(resource).timeout : undefined,
      idempotencyKey,
    });
  };

  const metaQuery = (meta: unknown): Query =>
    isObject(meta) && isObject(meta.query) ? (meta.query as Query) : {};
  const toArray = (json: unknown): unknown[] => (Array.isArray(json) ? json : []);

  const getList = async (resource: string, params: GetListParams): Promise<GetListResult> => {
    const { paged } = entry(resource);
    const query: Query = { ...metaQuery(params.meta) };
    if (paged) {
      Object.assign(query, params.filter);
      if (params.pagination) query.page = params.pagination.page - 1;
    }
    const response = await send(resource, 'getList', { ...params.meta }, query);
    const records = toArray(response.json).map((r) => withId(resource, r));
    const meta = { page: numberHeader(response, 'x-page'), pageSize: numberHeader(response, 'x-page-size') };
    if (paged) {
      return { data: records, total: numberHeader(response, 'x-total-count') ?? records.length, meta };
    }
    const matching = listInBrowser(records, { filter: params.filter, sort: params.sort });
    return { data: listInBrowser(matching, { pagination: params.pagination }), total: matching.length, meta };
  };

  const getOne = async (resource: string, params: GetOneParams): Promise<GetOneResult> => {
    if (entry(resource).getOne) {
      const response = await send(
        resource,
        'getOne',
        { ...params.meta, id: params.id },
        metaQuery(params.meta),
      );
      return { data: withId(resource, response.json) };
    }
    const response = await send(resource, 'getList', { ...params.meta }, metaQuery(params.meta));
    const found = toArray(response.json)
      .map((r) => withId(resource, r))
      .find((r) => String(r.id) === String(params.id));
    if (!found) throw Object.assign(new Error('ra.notification.item_doesnt_exist'), { status: 404 });
    return { data: found };
  };

  const update = async (resource: string, params: UpdateParams): Promise<UpdateResult> => {
    const previous = (params.previousData ?? {}) as Values;
    const values = { ...previous, ...params.data, ...params.meta, id: params.id };
    const body = changedFields(params.data as Values, params.previousData as Values | undefined);
    const response = await send(resource, 'update', values, metaQuery(params.meta), body);
    const answer = isObject(response.json) ? response.json : {};
    return { data: { ...previous, ...params.data, ...answer, id: params.id } as RaRecord };
  };

  const deleteOne = async (resource: string, params: DeleteParams): Promise<DeleteResult> => {
    const values = { ...(params.previousData ?? {}), ...params.meta, id: params.id };
    await send(resource, 'delete', values, metaQuery(params.meta));
    return { data: (params.previousData ?? { id: params.id }) as RaRecord };
  };

  return {
    getList: getList as DataProvider['getList'],
    getOne: getOne as DataProvider['getOne'],

    async getMany(resource, params) {
      const results = await Promise.all(params.ids.map((id) => getOne(resource, { id, meta: params.meta })));
      return { data: results.map((r) => r.data) };
    },

    getManyReference: (resource, params) =>
      getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),

    async create(resource, params) {
      const response = await send(
        resource,
        'create',
        { ...params.meta },
        metaQuery(params.meta),
        params.data,
        isObject(params.meta) && typeof params.meta.idempotencyKey === 'string'
          ? params.meta.idempotencyKey
          : undefined,
      );
      const answer = isObject(response.json) ? response.json : {};
      return { data: withId(resource, { ...params.data, ...answer }) as never };
    },

    update: update as DataProvider['update'],

    async updateMany(resource, params) {
      await Promise.all(
        params.ids.map((id) =>
          update(resource, { id, data: params.data, previousData: {}, meta: params.meta }),
        ),
      );
      return { data: params.ids };
    },

    delete: deleteOne as DataProvider['delete'],

    async deleteMany(resource, params) {
      if (entry(resource).deleteMany) {
        await send(
          resource,
          'deleteMany',
          { ...params.meta, ids: params.ids.join(',') },
          metaQuery(params.meta),
        );
        return { data: params.ids };
      }
      await Promise.all(params.ids.map((id) => deleteOne(resource, { id, meta: params.meta })));
      return { data: params.ids };
    },
  };
}
