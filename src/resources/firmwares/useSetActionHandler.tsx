import { type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import { RemoveDialog } from './RemoveDialog';
import type { SetAction } from './SetActionsMenu';
import { SetFormDialog } from './SetFormDialog';
import type { Group } from './types';
import { type ActionNotice, useSetActions } from './useSetActions';

/** What a set's menu does, with the set form and remove dialogs it opens; the list and the set page share it. */
export function useSetActionHandler(
  onRemoved?: (group: Group) => void,
  removedNotice?: ActionNotice,
): {
  onAction: (action: SetAction, group: Group) => void;
  toggleFavorite: (group: Group) => void;
  copyLink: (group: Group) => void;
  dialogs: ReactNode;
} {
  const translate = useTranslate();
  const actions = useSetActions(removedNotice);
  const [editing, setEditing] = useState<Group>();
  const [removing, setRemoving] = useState<Group>();

  const onAction = (action: SetAction, group: Group) => {
    if (action === 'edit') setEditing(group);
    else if (action === 'remove') setRemoving(group);
    else if (action === 'copy_link') actions.copyLink(group);
    else if (action === 'upgrade') actions.upgradeAll(group);
    else if (action === 'rebuild') actions.rebuildAll(group);
  };
  const running = removing ? removing.count_pending + removing.count_in_progress : 0;

  return {
    onAction,
    toggleFavorite: actions.toggleFavorite,
    copyLink: actions.copyLink,
    dialogs: (
      <>
        <SetFormDialog open={Boolean(editing)} group={editing} onClose={() => setEditing(undefined)} />
        <RemoveDialog
          open={Boolean(removing)}
          title={translate('resources.firmwares.remove.set_title', { name: removing?.name ?? '' })}
          content={translate('resources.firmwares.remove.set_content', {
            smart_count: removing?.count_firmwares ?? 0,
          })}
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
