import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardRange } from '../../../contract/dashboard';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { callOf } from '../../dataProvider/paths';

/** The dashboards' queries start with this key: the live socket's events refresh them all (useLiveRefresh). */
export const DASHBOARD_QUERY = 'dashboard';

/** One chart's data: everyone's (`staff`) or the account's own, for the range. */
export function useChart<T>(chart: string, range: DashboardRange | undefined, staff: boolean) {
  const httpClient = useHttpClient();
  return useQuery({
    queryKey: [DASHBOARD_QUERY, staff ? 'all' : 'own', chart, range ?? ''],
    queryFn: async () => {
      const { path, request } = callOf('dashboardChart', { chart }, staff);
      const { json } = await httpClient<T>(path, { ...request, query: range ? { range } : undefined });
      return json;
    },
    placeholderData: keepPreviousData,
  });
}
