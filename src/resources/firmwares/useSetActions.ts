// The actions on a set (spec §2 set actions; the set form saves itself): favourite, upgrade all, rebuild all, remove (with or without its
// files), copy link. Each reports failures through the shared error display and refreshes the sets and builds.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDataProvider, useNotify, usePermissions } from 'react-admin';
import { useHttpClient } from '../../api/ApiContext';
import { useShowError } from '../../errors/showError';
import { useCopyToClipboard } from '../../lib/clipboard';
import { sharedLinkUrl } from './buildRules';
import { groupAction } from './firmwaresApi';
import type { Group } from './types';

export function useRefreshFirmwares() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['groups'] }),
      queryClient.invalidateQueries({ queryKey: ['firmwares'] }),
      queryClient.invalidateQueries({ queryKey: ['partnerGroups'] }),
    ]);
  }, [queryClient]);
}

/** removedNotice: what removing a set notifies, in place of 'set removed' (the partner's page warns instead). */
export type RemovedNotice = { message: string; type: 'success' | 'warning' };

export function useSetActions(removedNotice?: RemovedNotice) {
  const dataProvider = useDataProvider();
  const http = useHttpClient();
  const notify = useNotify();
  const showError = useShowError();
  const copy = useCopyToClipboard();
  const refresh = useRefreshFirmwares();
  const { permissions } = usePermissions();
  const isAdmin = permissions === 'admin';

  const run = useCallback(
    async (action: () => Promise<unknown>, done?: string, type: RemovedNotice['type'] = 'success') => {
      try {
        await action();
        if (done) notify(done, { type });
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
    toggleFavorite: (group: Group) =>
      run(() =>
        dataProvider.update<Group>('groups', {
          id: group.id,
          data: { is_favorite: !group.is_favorite },
          previousData: group,
        }),
      ),
    upgradeAll: (group: Group) =>
      run(
        () => groupAction(http, group, 'upgrade', isAdmin),
        'resources.firmwares.notifications.set_upgraded',
      ),
    rebuildAll: (group: Group) =>
      run(
        () => groupAction(http, group, 'rebuild', isAdmin),
        'resources.firmwares.notifications.set_rebuilt',
      ),
    remove: (group: Group, fullClean: boolean) =>
      run(
        () =>
          dataProvider.delete<Group>('groups', {
            id: group.id,
            previousData: group,
            meta: { query: { full_clean: fullClean } },
          }),
        removedNotice?.message ?? 'resources.firmwares.notifications.set_removed',
        removedNotice?.type,
      ),
    copyLink: (group: Group) => copy(sharedLinkUrl(window.location.origin, group)),
  };
}
