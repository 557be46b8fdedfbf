import { type ReactNode, useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { useOpenedOnce } from '../../ui/useOpenedOnce';
import { LazySetFormDialog } from './LazySetFormDialog';
import { RemoveDialog } from './RemoveDialog';
import type { SetAction } from './SetActionsMenu';
import type { BuildSet } from './types';
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
  // Upgrade all and rebuild all touch every build of the set: they ask first, saying how many.
  const [bulk, setBulk] = useState<{ action: 'upgrade' | 'rebuild'; set: BuildSet }>();

  const onAction = (action: SetAction, set: BuildSet) => {
    if (action === 'edit') setEditing(set);
    else if (action === 'remove') setRemoving(set);
    else if (action === 'copy_link') actions.copyLink(set);
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
          isOpen={Boolean(bulk)}
          title={`resources.firmwares.bulk.${bulk?.action ?? 'rebuild'}_title`}
          titleTranslateOptions={{ name: bulk?.set.name ?? '' }}
          content={`resources.firmwares.bulk.${bulk?.action ?? 'rebuild'}_content`}
          contentTranslateOptions={{ smart_count: bulk?.set.count_firmwares ?? 0 }}
          confirm={`resources.firmwares.bulk.${bulk?.action ?? 'rebuild'}`}
          confirmColor="warning"
          onConfirm={() => {
            if (bulk?.action === 'upgrade') actions.upgradeAll(bulk.set);
            else if (bulk) actions.rebuildAll(bulk.set);
            setBulk(undefined);
          }}
          onClose={() => setBulk(undefined)}
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
