// The sets list's state lives in react-admin's store, so the /firmwares top panel (search, favourites, the
// 'my sets' badge) and the list read and write the same one.
import { useCallback } from 'react';
import { type ListParams, useStore } from 'react-admin';
import { PAGE_SIZE } from '../../lib/constants';

/** The List's storeKey: react-admin keeps the list params (page, filter) under it. */
export const SETS_LIST_KEY = 'firmwares.sets';
const TOTAL_KEY = 'firmwares.sets.total';

export interface SetsFilter {
  search?: string;
  is_favorite?: boolean;
}

const DEFAULT_PARAMS: ListParams = {
  sort: 'id',
  order: 'DESC',
  page: 1,
  perPage: PAGE_SIZE,
  filter: {},
  displayedFilters: {},
};

export function useSetsFilter(): [SetsFilter, (change: SetsFilter) => void] {
  const [params, setParams] = useStore<ListParams>(SETS_LIST_KEY, DEFAULT_PARAMS);
  const filter = (params?.filter ?? {}) as SetsFilter;
  const setFilter = useCallback(
    (change: SetsFilter) =>
      setParams((current) => {
        const next: Record<string, unknown> = { ...(current ?? DEFAULT_PARAMS).filter, ...change };
        for (const key of Object.keys(next)) {
          if (next[key] === undefined || next[key] === '' || next[key] === false) delete next[key];
        }
        return { ...DEFAULT_PARAMS, ...current, filter: next, page: 1 };
      }),
    [setParams],
  );
  return [filter, setFilter];
}

/** The list's x-total-count, for the 'my sets' badge. */
export const useSetsTotal = () => useStore<number | undefined>(TOTAL_KEY);
