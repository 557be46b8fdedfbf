// The list pages keep their params (page, filter) in react-admin's store, so a top panel and its list read and
// write the same ones.
import { useCallback } from 'react';
import { type ListParams, useStore } from 'react-admin';
import { PAGE_SIZE } from '../../../contract/constants';

/** A list's first params: page 1 of PAGE_SIZE, no filter. */
export const listDefaults = (sort: string, order: 'ASC' | 'DESC'): ListParams => ({
  sort,
  order,
  page: 1,
  perPage: PAGE_SIZE,
  filter: {},
  displayedFilters: {},
});

/** The params with `change` applied to the filter (empty values dropped), back on page 1. */
export function withFilter(
  current: ListParams | undefined,
  defaults: ListParams,
  change: object,
): ListParams {
  const base = current ?? defaults;
  const filter: Record<string, unknown> = { ...base.filter, ...change };
  for (const key of Object.keys(filter))
    if (filter[key] === undefined || filter[key] === '' || filter[key] === false) delete filter[key];
  return { ...defaults, ...base, filter, page: 1 };
}

/** The filter of the list stored under `storeKey`, and a setter that merges a change into it. */
export function useStoredFilter<F extends object>(
  storeKey: string,
  defaults: ListParams,
): [F, (change: F) => void] {
  const [params, setParams] = useStore<ListParams>(storeKey, defaults);
  const setFilter = useCallback(
    (change: F) => setParams((current) => withFilter(current, defaults, change)),
    [setParams, defaults],
  );
  return [(params?.filter ?? {}) as F, setFilter];
}
