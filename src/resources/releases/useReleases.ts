// The releases the /releases page shows, shared by its top panel (filter and counts) and its list: both ask
// react-query for the same list, so it is fetched once.
import { useMemo } from 'react';
import { type RaRecord, useGetList, usePermissions, useStore } from 'react-admin';
import { canAccess } from '../../../contract/can-access';
import { availableSeries, blockedSeries, type Series } from '../../../contract/rules/catalogue';
import { useShowRemoved } from '../../layout/usePreferences';
import type { ListQuery } from '../../ui/listPanel/prefetchList';
import { countBySeries, visibleReleases } from './releaseRules';
import type { Release } from './types';

/** Everything at once: the list is a plain array (the API does not page it). */
export const ALL = { page: 1, perPage: 100_000 };
/** No sort in the browser: keep the server's order (series come in catalogue order). */
export const SERVER_ORDER = { field: '', order: 'ASC' as const };

/** The store key of the selected series ('all' for every series). */
export const SERIES_FILTER_KEY = 'releases.series';
export const ALL_SERIES = 'all';

export function useReleaseSeriesFilter(): [string, (series: string) => void] {
  return useStore<string>(SERIES_FILTER_KEY, ALL_SERIES);
}

export function useViewer() {
  const { permissions, isPending } = usePermissions();
  const [showRemoved] = useShowRemoved();
  return {
    isPending,
    isAdmin: permissions === 'admin',
    canWrite: canAccess(permissions, 'edit', 'releases'),
    canCreate: canAccess(permissions, 'create', 'releases'),
    showRemoved,
  };
}

/** The catalogue's series, in its order. */
const SERIES_QUERY: ListQuery = { resource: 'series', params: { pagination: ALL, sort: SERVER_ORDER } };

/** The catalogue's series the viewer may pick (not blocked; x17 and t2t for admins only). */
export function useAvailableSeries(): { series: Series[]; blocked: string[]; isPending: boolean } {
  const { isAdmin } = useViewer();
  const { data = [], isPending } = useGetList<Series & RaRecord>(SERIES_QUERY.resource, SERIES_QUERY.params);
  return useMemo(
    () => ({ series: availableSeries(data, isAdmin), blocked: blockedSeries(data), isPending }),
    [data, isAdmin, isPending],
  );
}

/** GET /client/releases (include_deleted with the admin's switch), newest first. */
const releasesQuery = (showRemoved: boolean): ListQuery => ({
  resource: 'releases',
  params: { pagination: ALL, sort: { field: 'id', order: 'DESC' }, meta: { include_deleted: showRemoved } },
});

/** What the /releases page asks for first, also prefetched beside the console's code (boot/preloadPage.ts). */
export const releasesPageQueries = (showRemoved: boolean): ListQuery[] => [
  SERIES_QUERY,
  releasesQuery(showRemoved),
];

export function useAllReleases() {
  const { showRemoved, isPending } = useViewer();
  const { resource, params } = releasesQuery(showRemoved);
  // Wait for the role: only then is it known whether an admin's 'show removed' applies.
  return useGetList<Release>(resource, params, { enabled: !isPending });
}

/** The releases of the series the viewer may see, their counts, and those of the selected series. */
export function useReleases() {
  const { isAdmin } = useViewer();
  const [stored, setSelected] = useReleaseSeriesFilter();
  const { series, blocked } = useAvailableSeries();
  const { data, isPending, error, refetch } = useAllReleases();
  return useMemo(() => {
    // A stored series the viewer may no longer pick (blocked, or hidden after a role change) means all.
    const selected = series.some((s) => s.name === stored) ? stored : ALL_SERIES;
    const all = visibleReleases(data ?? [], isAdmin, blocked);
    const shown = selected === ALL_SERIES ? all : all.filter((r) => r.series === selected);
    return {
      all,
      shown,
      counts: countBySeries(all),
      series,
      selected,
      setSelected,
      isPending,
      error,
      refetch,
    };
  }, [data, isAdmin, blocked, stored, setSelected, series, isPending, error, refetch]);
}
