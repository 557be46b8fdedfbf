// The query a react-admin <List> asks first, worked out before the list renders, so the console can fetch a
// signed-in page's data beside its code (issue 14). It follows ra-core's useListParams (its exported getQuery:
// the params stored under the list's storeKey, or the defaults) and useListController (the permanent filter
// merged over the stored one). src/resources/sets/SetList.test.tsx checks that the list then asks for nothing.
import type { QueryClient } from '@tanstack/react-query';
import { type DataProvider, type GetListParams, getQuery, type SortPayload, type Store } from 'react-admin';

/** What a <List> is given that decides its first query. */
export interface ListSpec {
  resource: string;
  storeKey: string;
  perPage: number;
  /** The List's `sort` prop; react-admin's default is id ascending. */
  sort?: SortPayload;
  /** The List's `filter` prop (the permanent filter). */
  filter?: Record<string, unknown>;
}

/**
 * For this long after each fetch the prefetched page counts as fresh: the list mounting a moment after it
 * arrives shows it rather than asking again. It is react-query's default for that key, so it holds for the
 * rest of the session, and for the same page with more filters (react-query matches defaults by partial key);
 * changes made in the console invalidate the list whatever its freshness.
 */
export const PREFETCH_FRESH_MS = 10_000;

const RA_DEFAULT_SORT: SortPayload = { field: 'id', order: 'ASC' };

/** react-query's key and the getList params of the list's first query. */
export function firstListQuery(store: Store, spec: ListSpec) {
  const sort = spec.sort ?? RA_DEFAULT_SORT;
  const query = getQuery({
    queryFromLocation: {},
    params: store.getItem(spec.storeKey, {}),
    filterDefaultValues: undefined,
    sort,
    perPage: spec.perPage,
  });
  const params: GetListParams = {
    pagination: { page: query.page, perPage: query.perPage },
    sort: { field: query.sort, order: query.order },
    filter: { ...query.filter, ...spec.filter },
    meta: undefined,
  };
  return { queryKey: [spec.resource, 'getList', params], params };
}

/**
 * Starts the list's first query now, into the cache the list will read (ra-core's useGetList: same key, same
 * shape). That page stays fresh for PREFETCH_FRESH_MS, so the list mounting a moment later draws its rows on
 * its first render instead of asking again; a list that asks for anything else simply asks for it.
 */
export function prefetchList(
  queryClient: QueryClient,
  dataProvider: DataProvider,
  store: Store,
  spec: ListSpec,
): void {
  const { queryKey, params } = firstListQuery(store, spec);
  queryClient.setQueryDefaults(queryKey, { staleTime: PREFETCH_FRESH_MS });
  void queryClient.prefetchQuery({
    queryKey,
    queryFn: () =>
      dataProvider
        .getList(spec.resource, params)
        .then(({ data, total, pageInfo, meta }) => ({ data, total, pageInfo, meta })),
  });
}
