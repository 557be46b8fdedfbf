// The partners list's state (spec §3 Partners list state: page size 20, current page, total) lives in
// react-admin's store, so the top panel (search, VIP filter, tab badge) and the list read and write the same one.
import { useStore } from 'react-admin';
import { listDefaults, useStoredFilter } from '../../ui/listPanel/listParams';

export const PARTNERS_LIST_KEY = 'partners.list';
const TOTAL_KEY = 'partners.total';
const TAB_KEY = 'partners.tab';

export interface PartnersFilter {
  search?: string;
  by_vip?: boolean;
}

export type PartnersTab = 'partners' | 'licenses';

export const DEFAULT_PARAMS = listDefaults('id', 'ASC');
/** The filters the URL carries with the page (issue 17): `/partners?page=2&search=acme&by_vip=true`. */
export const PARTNERS_URL_FILTERS = ['search', 'by_vip'] as const;

export const usePartnersFilter = () => useStoredFilter<PartnersFilter>(PARTNERS_LIST_KEY, DEFAULT_PARAMS);

/** The list's x-total-count, for the 'partners' tab badge. */
export const usePartnersTotal = () => useStore<number | undefined>(TOTAL_KEY);

export const usePartnersTab = () => useStore<PartnersTab>(TAB_KEY, 'partners');
