import { type ReactNode, useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { useOpenedOnce } from '../../ui/useOpenedOnce';
import { LazySetFormDialog } from './LazySetFormDialog';
import { RemoveDialog } from './RemoveDialog';
import type { SetAction } from './SetActionsMenu';
import { SetLinkDialog } from './SetLinkDialog';
import type { BuildSet } from './types';
import { UpgradeAllDialog } from './UpgradeAllDialog';
import { type ActionNotice, useSetActions } from './useSetActions';

/** What a set's menu does, with the set form and remove dialogs it opens; the list and the set page share it. */
export function useSetActionHandler(
  onRemoved?: (set: BuildSet) => void,
  removedNotice?: ActionNotice,
): {
  onAction: (action: SetAction, set: BuildSet) => void;
  toggleFavorite: (set: BuildSet) => void;
  copyLink: (set: BuildSet) => void;
  dialogs: ReactNode;
} {
  const translate = useTranslate();
  const actions = useSetActions(removedNotice);
  const [editing, setEditing] = useState<BuildSet>();
  const formMounted = useOpenedOnce(Boolean(editing));
  const [removing, setRemoving] = useState<BuildSet>();
  const [linking, setLinking] = useState<BuildSet>();
  // Upgrade all and rebuild all touch every build of the set: they ask first, saying how many.
  const [bulk, setBulk] = useState<{ action: 'upgrade' | 'rebuild'; set: BuildSet }>();
  const rebuilding = bulk?.action === 'rebuild' ? bulk : undefined;

  const onAction = (action: SetAction, set: BuildSet) => {
    if (action === 'edit') setEditing(set);
    else if (action === 'remove') setRemoving(set);
    else if (action === 'copy_link') actions.copyLink(set);
    else if (action === 'link') setLinking(set);
    else if (action === 'upgrade' || action === 'rebuild') setBulk({ action, set });
  };
  const running = removing ? removing.count_pending + removing.count_in_progress : 0;

  return {
    onAction,
    toggleFavorite: actions.toggleFavorite,
    copyLink: actions.copyLink,
    dialogs: (
      <>
        <Confirm
          isOpen={Boolean(rebuilding)}
          title="resources.firmwares.bulk.rebuild_title"
          titleTranslateOptions={{ name: rebuilding?.set.name ?? '' }}
          content="resources.firmwares.bulk.rebuild_content"
          contentTranslateOptions={{ smart_count: rebuilding?.set.count_firmwares ?? 0 }}
          confirm="resources.firmwares.bulk.rebuild"
          confirmColor="warning"
          onConfirm={() => {
            if (rebuilding) actions.rebuildAll(rebuilding.set);
            setBulk(undefined);
          }}
          onClose={() => setBulk(undefined)}
        />
        <SetLinkDialog set={linking} onClose={() => setLinking(undefined)} />
        <UpgradeAllDialog
          set={bulk?.action === 'upgrade' ? bulk.set : undefined}
          isAdmin={actions.isAdmin}
          onClose={() => setBulk(undefined)}
          onConfirm={(set, includeCancelled) => {
            actions.upgradeAll(set, includeCancelled);
            setBulk(undefined);
          }}
        />
        {formMounted && (
          <LazySetFormDialog open={Boolean(editing)} set={editing} onClose={() => setEditing(undefined)} />
        )}
        <RemoveDialog
          open={Boolean(removing)}
          title={translate('resources.firmwares.remove.set_title', { name: removing?.name ?? '' })}
          content={translate(
            `resources.firmwares.remove.${actions.isAdmin ? 'set_content_admin' : 'set_content'}`,
            {
              smart_count: removing?.count_firmwares ?? 0,
            },
          )}
          warning={
            running > 0
              ? translate('resources.firmwares.remove.running', { smart_count: running })
              : undefined
          }
          onClose={() => setRemoving(undefined)}
          onConfirm={async (fullClean) => {
            if (removing && (await actions.remove(removing, fullClean))) onRemoved?.(removing);
          }}
        />
      </>
    ),
  };
}
