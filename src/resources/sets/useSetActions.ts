// The actions on a set (spec §2 set actions; the set form saves itself): favourite, upgrade all, rebuild all, remove (with or without its
// files), copy link. Each reports failures through the shared error display and refreshes the sets and builds.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDataProvider, useNotify, usePermissions } from 'react-admin';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { useShowError } from '../../dataProvider/showError';
import { useCopyToClipboard } from '../../ui/clipboard';
import { sharedLinkUrl } from '../builds/buildRules';
import { setAction } from './setsApi';
import type { BuildSet } from './types';

export function useRefreshBuilds() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['sets'] }),
      queryClient.invalidateQueries({ queryKey: ['builds'] }),
      queryClient.invalidateQueries({ queryKey: ['partnerSets'] }),
    ]);
  }, [queryClient]);
}

/** How an action's success is told: a message (with its arguments) and its kind. */
export interface ActionNotice {
  message: string;
  type?: 'success' | 'warning';
  args?: Record<string, unknown>;
}

/**
 * Runs a set or build action: a failure goes to the shared error display, a success to `notice`, and the sets
 * and builds are fetched again either way. Answers whether the action succeeded.
 */
export function useBuildsAction() {
  const notify = useNotify();
  const showError = useShowError();
  const refresh = useRefreshBuilds();
  return useCallback(
    async (action: () => Promise<unknown>, notice?: ActionNotice) => {
      try {
        await action();
        if (notice) notify(notice.message, { type: notice.type ?? 'success', messageArgs: notice.args });
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
}

/** removedNotice: what removing a set notifies, in place of 'set removed' (the partner's page warns instead). */
/** What every action hook of sets and builds works with: the data provider, the API client, the clipboard and `run`. */
export function useActionTools() {
  const dataProvider = useDataProvider();
  const http = useHttpClient();
  const copy = useCopyToClipboard();
  const run = useBuildsAction();
  const { permissions } = usePermissions();
  return { dataProvider, http, copy, run, isAdmin: permissions === 'admin' };
}

export function useSetActions(removedNotice?: ActionNotice) {
  const { dataProvider, http, copy, run, isAdmin } = useActionTools();

  return {
    isAdmin,
    toggleFavorite: (set: BuildSet) =>
      run(() =>
        dataProvider.update<BuildSet>('sets', {
          id: set.id,
          data: { is_favorite: !set.is_favorite },
          previousData: set,
        }),
      ),
    upgradeAll: (set: BuildSet, includeCancelled = false) =>
      run(() => setAction(http, set, 'upgrade', isAdmin, includeCancelled), {
        message: 'resources.firmwares.notifications.set_upgraded',
      }),
    rebuildAll: (set: BuildSet) =>
      run(() => setAction(http, set, 'rebuild', isAdmin), {
        message: 'resources.firmwares.notifications.set_rebuilt',
      }),
    remove: (set: BuildSet, fullClean: boolean) =>
      run(
        () =>
          dataProvider.delete<BuildSet>('sets', {
            id: set.id,
            previousData: set,
            meta: { query: { full_clean: fullClean } },
          }),
        removedNotice ?? { message: 'resources.firmwares.notifications.set_removed' },
      ),
    copyLink: (set: BuildSet) => copy(sharedLinkUrl(window.location.origin, set)),
  };
}
