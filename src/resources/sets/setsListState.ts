// The sets list's state lives in react-admin's store, so the /firmwares top panel (search, favourites, the
// 'my sets' badge) and the list read and write the same one.
import { useStore } from 'react-admin';
import { PAGE_SIZE } from '../../../contract/constants';
import { listDefaults, useStoredFilter } from '../../ui/listPanel/listParams';
import type { ListSpec } from '../../ui/listPanel/prefetchList';

/** The List's storeKey: react-admin keeps the list params (page, filter) under it. */
export const SETS_LIST_KEY = 'firmwares.sets';
/** What SetList gives its <List>, and what the console prefetches for /firmwares (src/boot/preloadPage.ts). */
export const setsListSpec = (showRemoved: boolean): ListSpec => ({
  resource: 'sets',
  storeKey: SETS_LIST_KEY,
  perPage: PAGE_SIZE,
  filter: showRemoved ? { is_removed: true } : undefined,
});

const TOTAL_KEY = 'firmwares.sets.total';

export interface SetsFilter {
  search?: string;
  is_favorite?: boolean;
}

const DEFAULT_PARAMS = listDefaults('id', 'DESC');

export const useSetsFilter = () => useStoredFilter<SetsFilter>(SETS_LIST_KEY, DEFAULT_PARAMS);

/** The list's x-total-count, for the 'my sets' badge. */
export const useSetsTotal = () => useStore<number | undefined>(TOTAL_KEY);
