import { useEffect, useState } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { useShowError } from '../../dataProvider/showError';

/** One GET of admin data that is no list (GET /admin/analytics), loaded on mount. */
export function useAdminData<T>(path: string): { data?: T; isPending: boolean; failed: boolean } {
  const httpClient = useHttpClient();
  const showError = useShowError();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [state, setState] = useState<{ data?: T; isPending: boolean; failed: boolean }>({
    isPending: true,
    failed: false,
  });
  useEffect(() => {
    let live = true;
    httpClient<T>(path)
      .then(({ json }) => live && setState({ data: json, isPending: false, failed: false }))
      .catch(async (error) => {
        if (!live) return;
        setState({ isPending: false, failed: true });
        if (!(await logoutIfAccessDenied(error))) showError(error);
      });
    return () => {
      live = false;
    };
  }, [httpClient, path, showError, logoutIfAccessDenied]);
  return state;
}
