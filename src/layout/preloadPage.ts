// The first signed-in page's code and data are fetched while the shell mounts (issue 14): without this the
// browser learns of the page's chunk only once the shell has rendered and its lazy route suspends, and of its
// data only once the list has mounted. The imports are the same modules the routes load lazily, and the data
// goes into the cache the list reads, so nothing is fetched twice.
import type { QueryClient } from '@tanstack/react-query';
import type { DataProvider, Store } from 'react-admin';
import { setsListSpec } from '../resources/sets/setsListState';
import { type ListSpec, prefetchList } from './listPanel/firstListQuery';
import { storedShowRemoved } from './usePreferences';

interface FirstPage {
  code: () => Promise<unknown>[];
  /** The page's list, as its <List> asks for it. */
  list?: (store: Store, role: string | undefined) => ListSpec;
}

const PAGES: Record<string, FirstPage> = {
  '/releases': {
    code: () => [
      import('../resources/releases/ReleaseList'),
      import('../resources/releases/ReleaseTopPanel'),
    ],
  },
  '/firmwares': {
    code: () => [import('../resources/sets/SetList'), import('../resources/sets/SetsTopPanel')],
    list: (store, role) => setsListSpec(storedShowRemoved(store, role)),
  },
};

const pageAt = (pathname: string): FirstPage | undefined => {
  const path = pathname.replace(/\/+$/, '') || '/';
  // The console's home is /releases.
  return PAGES[path === '/' ? '/releases' : path];
};

/** Starts fetching the code of the list page at `pathname` (nothing for other pages); never rejects. */
export function preloadPage(pathname: string): void {
  for (const loading of pageAt(pathname)?.code() ?? []) loading.catch(() => undefined);
}

/** Starts fetching the first page of the list at `pathname` into `queryClient` (nothing for other pages). */
export function prefetchPageData(
  pathname: string,
  console: { queryClient: QueryClient; dataProvider: DataProvider; store: Store; role: string | undefined },
): void {
  const list = pageAt(pathname)?.list?.(console.store, console.role);
  if (list) prefetchList(console.queryClient, console.dataProvider, console.store, list);
}
