// What a set's page and an admin's view of a partner's set share: the set's builds (polled while any is
// running), their selection, the actions of a build's menu and the dialogs those open.
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { POLL_INTERVAL_MS } from '../../../contract/constants';
import { BuildLogDialog } from '../../custom/live';
import { useShowError } from '../../dataProvider/showError';
import { WHOLE_PAGE } from '../../dataProvider/wholeList';
import type { BuildAction } from '../builds/BuildActionsMenu';
import { downloadUrl, hasActiveBuilds } from '../builds/buildRules';
import { BuildHistoryDialog } from '../builds/history/BuildHistoryDialog';
import { useBuildActions } from '../builds/useBuildActions';
import { EditPoolsDialog } from './EditPoolsDialog';
import { RemoveDialog } from './RemoveDialog';
import type { Build } from './types';

const NONE: Build[] = [];

/** The set's builds (GET …/firmwares?group_id=, the role's path), removed ones too when asked. */
export function useSetBuildsList(setId: number, showRemoved: boolean) {
  const showError = useShowError();
  return useGetList<Build>(
    'builds',
    {
      pagination: WHOLE_PAGE,
      sort: { field: 'id', order: 'ASC' },
      meta: { query: { group_id: setId, is_removed: showRemoved || undefined } },
    },
    {
      enabled: Number.isFinite(setId) && setId > 0,
      onError: showError,
      refetchInterval: (query) =>
        hasActiveBuilds(query.state.data?.data ?? NONE) ? POLL_INTERVAL_MS : false,
    },
  );
}

/**
 * The selection of `list`, the handler of a build's menu and the dialogs it opens (remove, pools, log).
 * `own` handles the actions a page adds (the set page's edit, upgrade).
 */
export function useBuildsControls(
  list: Build[],
  setName: string,
  own?: (action: BuildAction, build: Build) => boolean,
) {
  const translate = useTranslate();
  const actions = useBuildActions();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [removing, setRemoving] = useState<Build[]>();
  const [poolsOf, setPoolsOf] = useState<Build>();
  const [logOf, setLogOf] = useState<Build>();
  const [historyOf, setHistoryOf] = useState<Build>();

  const toggleAll = (some: Build[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const b of some)
        if (on) next.add(b.id);
        else next.delete(b.id);
      return next;
    });
  const onAction = (action: BuildAction, build: Build) => {
    if (own?.(action, build)) return;
    if (action === 'pools') setPoolsOf(build);
    else if (action === 'rebuild') actions.rebuild(build);
    else if (action === 'copy_link') actions.copyLink(build);
    else if (action === 'copy_uuid') actions.copyUuid(build);
    else if (action === 'download')
      window.open(downloadUrl(window.location.origin, build.uuid), '_blank', 'noopener');
    else if (action === 'logs') setLogOf(build);
    else if (action === 'history') setHistoryOf(build);
    else if (action === 'remove') setRemoving([build]);
  };

  const dialogs = (
    <>
      <RemoveDialog
        open={Boolean(removing)}
        title={translate('resources.firmwares.remove.builds_title', { smart_count: removing?.length ?? 0 })}
        content={translate('resources.firmwares.remove.builds_content', {
          smart_count: removing?.length ?? 0,
        })}
        warning={
          removing?.some((b) => b.status === 'pending' || b.status === 'in_progress')
            ? translate('resources.firmwares.remove.running', { smart_count: removing.length })
            : undefined
        }
        onClose={() => setRemoving(undefined)}
        onConfirm={async (fullClean) => {
          if (removing && (await actions.remove(removing, fullClean))) setSelected(new Set());
        }}
      />
      <EditPoolsDialog
        build={poolsOf}
        onClose={() => setPoolsOf(undefined)}
        onSaved={() => setPoolsOf(undefined)}
      />
      {historyOf && (
        <BuildHistoryDialog
          buildId={historyOf.id}
          onClose={() => setHistoryOf(undefined)}
          onOpenLog={() => setLogOf(historyOf)}
          subtitle={`${setName} · ${historyOf.model}`}
        />
      )}
      {logOf && (
        <BuildLogDialog
          buildId={logOf.id}
          open
          onClose={() => setLogOf(undefined)}
          subtitle={`${setName} · ${logOf.model} · ${logOf.release_version}`}
        />
      )}
    </>
  );

  return {
    actions,
    selected,
    /** The selected builds that are not removed: what 'delete selected' removes. */
    chosen: list.filter((b) => selected.has(b.id) && !b.is_removed),
    clearSelection: () => setSelected(new Set()),
    toggle: (build: Build) => toggleAll([build], !selected.has(build.id)),
    toggleAll,
    removeChosen: (builds: Build[]) => setRemoving(builds),
    onAction,
    dialogs,
  };
}
