// The first signed-in page's code and data are fetched while the shell mounts (issue 14): without this the
// browser learns of the page's chunk only once the shell has rendered and its lazy route suspends, and of its
// data only once the page has mounted. The imports are the same modules the routes load lazily, and the data
// goes into the cache the page's hooks read, so nothing is fetched twice.
import type { QueryClient } from '@tanstack/react-query';
import type { DataProvider, Store } from 'react-admin';
import { storedShowRemoved } from '../layout/usePreferences';
import { releasesPageQueries } from '../resources/releases/useReleases';
import { setsListSpec } from '../resources/sets/setsListState';
import { firstListQuery, type ListQuery, prefetchList } from '../ui/listPanel/prefetchList';
import { firstPageRoute } from './consoleChunks';

interface FirstPage {
  code: () => Promise<unknown>[];
  /** The lists the page asks for on its first render, given the store and the admin's 'show removed'. */
  lists: (store: Store, showRemoved: boolean) => ListQuery[];
}

// The modules imported here are FIRST_PAGE_MODULES (consoleChunks.ts), whose chunks the entry fetched already.
const PAGES: Record<string, FirstPage> = {
  '/releases': {
    code: () => [
      import('../resources/releases/ReleaseList'),
      import('../resources/releases/ReleaseTopPanel'),
    ],
    lists: (_store, showRemoved) => releasesPageQueries(showRemoved),
  },
  '/firmwares': {
    code: () => [import('../resources/sets/SetList'), import('../resources/sets/SetsTopPanel')],
    lists: (store, showRemoved) => [firstListQuery(store, setsListSpec(showRemoved))],
  },
};

const pageAt = (pathname: string): FirstPage | undefined => PAGES[firstPageRoute(pathname)];

/** Starts fetching the code of the list page at `pathname` (nothing for other pages); never rejects. */
export function preloadPage(pathname: string): void {
  for (const loading of pageAt(pathname)?.code() ?? []) loading.catch(() => undefined);
}

/** The console's cache and data provider, its store, and the signed-in role. */
interface PrefetchInto {
  queryClient: QueryClient;
  dataProvider: DataProvider;
  store: Store;
  role: string | undefined;
}

/** Starts fetching the lists of the page at `pathname` into `queryClient` (nothing for other pages). */
export function prefetchPageData(
  pathname: string,
  { queryClient, dataProvider, store, role }: PrefetchInto,
): void {
  for (const list of pageAt(pathname)?.lists(store, storedShowRemoved(store, role)) ?? [])
    prefetchList(queryClient, dataProvider, list);
}
