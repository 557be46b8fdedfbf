// A signed-in page's first lists, asked for before the page renders so the console fetches them beside its code
// (issue 14), into the cache react-admin's hooks read. The keys and params follow ra-core: useGetList's key and
// defaults, and for a <List> its useListParams (the exported getQuery: the params stored under the list's
// storeKey, or the defaults) and useListController (the permanent filter over the stored one). The tests of
// SetList and ReleaseList check that the page then asks for nothing.
import type { QueryClient } from '@tanstack/react-query';
import { type DataProvider, type GetListParams, getQuery, type SortPayload, type Store } from 'react-admin';

/** One getList call, as a page's hook makes it. */
export interface ListQuery {
  resource: string;
  params: Partial<GetListParams>;
}

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
 * For this long after each fetch a prefetched list counts as fresh: the page mounting a moment after it arrives
 * shows it rather than asking again. It is react-query's default for that key, so it holds for the rest of the
 * session, and for the same list with more filters (react-query matches defaults by partial key); changes made
 * in the console invalidate the lists whatever their freshness.
 */
export const PREFETCH_FRESH_MS = 10_000;

const RA_LIST_SORT: SortPayload = { field: 'id', order: 'ASC' };

/** The getList call of a <List>'s first render. */
export function firstListQuery(store: Store, spec: ListSpec): ListQuery {
  const query = getQuery({
    queryFromLocation: {},
    params: store.getItem(spec.storeKey, {}),
    filterDefaultValues: undefined,
    sort: spec.sort ?? RA_LIST_SORT,
    perPage: spec.perPage,
  });
  return {
    resource: spec.resource,
    params: {
      pagination: { page: query.page, perPage: query.perPage },
      sort: { field: query.sort, order: query.order },
      filter: { ...query.filter, ...spec.filter },
      meta: undefined,
    },
  };
}

/** useGetList's params with its defaults filled in: what its react-query key holds and its getList is given. */
function withListDefaults(params: Partial<GetListParams>) {
  const {
    pagination = { page: 1, perPage: 25 },
    sort = { field: 'id', order: 'DESC' },
    filter = {},
    meta,
  } = params;
  return { pagination, sort, filter, meta };
}

/** Starts the call now, into the cache useGetList reads (same key, same shape of answer). */
export function prefetchList(queryClient: QueryClient, dataProvider: DataProvider, query: ListQuery): void {
  const params = withListDefaults(query.params);
  const queryKey = [query.resource, 'getList', params];
  queryClient.setQueryDefaults(queryKey, { staleTime: PREFETCH_FRESH_MS });
  void queryClient.prefetchQuery({
    queryKey,
    queryFn: () =>
      dataProvider
        .getList(query.resource, params)
        .then(({ data, total, pageInfo, meta }) => ({ data, total, pageInfo, meta })),
  });
}
