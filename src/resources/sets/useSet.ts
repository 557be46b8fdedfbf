// One set by id. The API has no read of a single set, so its pages are read until the set turns up (one page for
// most accounts); removed sets are looked for too, so a set just removed still opens with its state.
import { useQuery } from '@tanstack/react-query';
import { type DataProvider, useDataProvider } from 'react-admin';
import { PAGE_SIZE } from '../../../contract/constants';
import type { BuildSet } from './types';

const MAX_PAGES = 50;

export async function findSet(dataProvider: DataProvider, id: number): Promise<BuildSet | null> {
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const { data, total } = await dataProvider.getList<BuildSet>('sets', {
      pagination: { page, perPage: PAGE_SIZE },
      sort: { field: 'id', order: 'DESC' },
      filter: { is_removed: true },
    });
    const found = data.find((g) => Number(g.id) === id);
    if (found) return found;
    if (data.length === 0 || page * PAGE_SIZE >= (total ?? 0)) return null;
  }
  return null;
}

export const setQueryKey = (id: number) => ['sets', 'one', id] as const;

export function useSet(id: number) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: setQueryKey(id),
    queryFn: () => findSet(dataProvider, id),
    enabled: Number.isFinite(id) && id > 0,
  });
}
