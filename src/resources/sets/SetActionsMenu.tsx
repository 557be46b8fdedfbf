import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import ReplayIcon from '@mui/icons-material/Replay';
import UpgradeIcon from '@mui/icons-material/Upgrade';
import type { ReactElement } from 'react';
import { useTranslate } from 'react-admin';
import { ActionsMenu } from '../../ui/ActionsMenu';
import type { BuildSet } from './types';

export type SetAction = 'edit' | 'upgrade' | 'rebuild' | 'copy_link' | 'link' | 'remove';

const ITEMS: { action: SetAction; icon: ReactElement; danger?: boolean }[] = [
  { action: 'edit', icon: <EditOutlinedIcon fontSize="small" /> },
  { action: 'copy_link', icon: <LinkIcon fontSize="small" /> },
  { action: 'link', icon: <LinkOffIcon fontSize="small" /> },
  { action: 'upgrade', icon: <UpgradeIcon fontSize="small" /> },
  { action: 'rebuild', icon: <ReplayIcon fontSize="small" /> },
  { action: 'remove', icon: <DeleteOutlineIcon fontSize="small" />, danger: true },
];

/** The set's actions in a menu: edit, copy link, its public link (off, new), upgrade all, rebuild all, remove. */
export const SetActionsMenu = ({
  set,
  onAction,
  canUpgrade,
  releaseRemoved,
}: {
  set: BuildSet;
  onAction: (action: SetAction, set: BuildSet) => void;
  /** False when no build of the set has a newer release (known where its builds are loaded). */
  canUpgrade?: boolean;
  /** A build of the set is on a removed release: the server refuses to rebuild it, so upgrade (issue 36). */
  releaseRemoved?: boolean;
}) => {
  const translate = useTranslate();
  const hasBuilds = set.count_firmwares > 0;
  const noneNewer = hasBuilds && canUpgrade === false;
  return (
    <ActionsMenu
      label={translate('resources.firmwares.actions.set_menu', { name: set.name })}
      items={ITEMS.map(({ action, icon, danger }) => ({
        action,
        icon,
        danger,
        divider: danger,
        disabled:
          ((action === 'upgrade' || action === 'rebuild') && !hasBuilds) ||
          (action === 'upgrade' && canUpgrade === false) ||
          (action === 'rebuild' && releaseRemoved === true) ||
          (action === 'copy_link' && set.link_enabled === false),
        primary: translate(
          `resources.firmwares.actions.${action === 'upgrade' || action === 'rebuild' ? `${action}_all` : action}`,
        ),
        secondary:
          action === 'upgrade' && noneNewer
            ? translate('resources.firmwares.actions.upgrade_all_none')
            : action === 'rebuild' && releaseRemoved
              ? translate('resources.firmwares.actions.rebuild_all_release_removed')
              : action === 'copy_link' && set.link_enabled === false
                ? translate('resources.firmwares.actions.link_off')
                : undefined,
      }))}
      onPick={(action) => onAction(action, set)}
    />
  );
};
