// The actions on builds (spec §2 lists: rebuild, upgrade, delete selected, copy links or uuid; pools are saved by
// EditPoolsDialog). Each
// reports failures through the shared error display and refreshes the set and its builds.
import { useCallback } from 'react';
import { useDataProvider, useNotify, usePermissions } from 'react-admin';
import { useHttpClient } from '../../api/ApiContext';
import { useShowError } from '../../errors/showError';
import { useCopyToClipboard } from '../../lib/clipboard';
import { downloadUrl } from './buildRules';
import { rebuildBuild, upgradeBuild } from './firmwaresApi';
import type { Build } from './types';
import { useRefreshFirmwares } from './useSetActions';

export function useBuildActions() {
  const dataProvider = useDataProvider();
  const http = useHttpClient();
  const notify = useNotify();
  const showError = useShowError();
  const copy = useCopyToClipboard();
  const refresh = useRefreshFirmwares();
  const { permissions } = usePermissions();
  const isAdmin = permissions === 'admin';

  const run = useCallback(
    async (action: () => Promise<unknown>, done: string, args?: Record<string, unknown>) => {
      try {
        await action();
        notify(done, { type: 'success', messageArgs: args });
        return true;
      } catch (error) {
        showError(error);
        return false;
      } finally {
        await refresh();
      }
    },
    [notify, showError, refresh],
  );

  return {
    isAdmin,
    rebuild: (build: Build) =>
      run(() => rebuildBuild(http, build, isAdmin), 'resources.firmwares.notifications.build_rebuilt'),
    upgrade: (build: Build) =>
      run(() => upgradeBuild(http, build), 'resources.firmwares.notifications.build_upgraded'),
    remove: (builds: Build[], fullClean: boolean) =>
      run(
        () =>
          Promise.all(
            builds.map((build) =>
              dataProvider.delete<Build>('firmwares', {
                id: build.id,
                previousData: build,
                meta: { query: { full_clean: fullClean } },
              }),
            ),
          ),
        'resources.firmwares.notifications.builds_removed',
        { smart_count: builds.length },
      ),
    copyLink: (build: Build) => copy(downloadUrl(window.location.origin, build.uuid)),
    copyUuid: (build: Build) => copy(build.uuid),
  };
}
