// The partners list's state (spec §3 Partners list state: page size 20, current page, total) lives in
// react-admin's store, so the top panel (search, VIP filter, tab badge) and the list read and write the same one.
import { useCallback } from 'react';
import { type ListParams, useStore } from 'react-admin';
import { PAGE_SIZE } from '../../lib/constants';

export const PARTNERS_LIST_KEY = 'partners.list';
const TOTAL_KEY = 'partners.total';
const TAB_KEY = 'partners.tab';

export interface PartnersFilter {
  search?: string;
  by_vip?: boolean;
}

export type PartnersTab = 'partners' | 'licenses';

const DEFAULT_PARAMS: ListParams = {
  sort: 'id',
  order: 'ASC',
  page: 1,
  perPage: PAGE_SIZE,
  filter: {},
  displayedFilters: {},
};

export function usePartnersFilter(): [PartnersFilter, (change: PartnersFilter) => void] {
  const [params, setParams] = useStore<ListParams>(PARTNERS_LIST_KEY, DEFAULT_PARAMS);
  const filter = (params?.filter ?? {}) as PartnersFilter;
  const setFilter = useCallback(
    (change: PartnersFilter) =>
      setParams((current) => {
        const next: Record<string, unknown> = { ...(current ?? DEFAULT_PARAMS).filter, ...change };
        for (const key of Object.keys(next))
          if (next[key] === undefined || next[key] === '' || next[key] === false) delete next[key];
        return { ...DEFAULT_PARAMS, ...current, filter: next, page: 1 };
      }),
    [setParams],
  );
  return [filter, setFilter];
}

/** The list's x-total-count, for the 'partners' tab badge. */
export const usePartnersTotal = () => useStore<number | undefined>(TOTAL_KEY);

export const usePartnersTab = () => useStore<PartnersTab>(TAB_KEY, 'partners');
