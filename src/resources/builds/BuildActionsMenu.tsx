import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/Download';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import LanOutlinedIcon from '@mui/icons-material/LanOutlined';
import LinkIcon from '@mui/icons-material/Link';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import UpgradeIcon from '@mui/icons-material/Upgrade';
import { createContext, type ReactElement, useContext } from 'react';
import { useTranslate } from 'react-admin';
import { ActionsMenu } from '../../ui/ActionsMenu';
import type { Build } from '../sets/types';

export type BuildAction =
  | 'edit'
  | 'pools'
  | 'rebuild'
  | 'upgrade'
  | 'copy_link'
  | 'copy_uuid'
  | 'download'
  | 'logs'
  | 'history'
  | 'remove';

const ITEMS: { action: BuildAction; icon: ReactElement; divider?: boolean }[] = [
  { action: 'edit', icon: <EditOutlinedIcon fontSize="small" /> },
  { action: 'pools', icon: <LanOutlinedIcon fontSize="small" /> },
  { action: 'rebuild', icon: <ReplayIcon fontSize="small" /> },
  { action: 'upgrade', icon: <UpgradeIcon fontSize="small" /> },
  { action: 'download', icon: <DownloadIcon fontSize="small" />, divider: true },
  { action: 'copy_link', icon: <LinkIcon fontSize="small" /> },
  { action: 'copy_uuid', icon: <ContentCopyIcon fontSize="small" /> },
  { action: 'logs', icon: <ReceiptLongOutlinedIcon fontSize="small" /> },
  { action: 'history', icon: <HistoryIcon fontSize="small" /> },
  { action: 'remove', icon: <DeleteOutlineIcon fontSize="small" />, divider: true },
];

/** Actions a view leaves out of the menu (an admin's view of a partner's set has no build form or upgrade). */
export const HiddenBuildActions = createContext<ReadonlySet<BuildAction>>(new Set());

/** Issue 36: a build on a removed release is not built on it again; the upgrade is offered instead. */
const needsUpgrade = (action: BuildAction, build: Build) =>
  build.release_removed === true && (action === 'rebuild' || action === 'pools');

/**
 * What a build can do now: a removed build only shows its links and log; download needs a finished file;
 * upgrade needs a newer release (the list says which; issue 15, item 9); a removed release is not rebuilt.
 */
const enabled = (action: BuildAction, build: Build) => {
  if (action === 'download') return build.status === 'done' && !build.is_removed;
  if (build.is_removed) return action === 'copy_uuid' || action === 'logs' || action === 'history';
  if (action === 'upgrade') return build.newer_release !== null;
  return !needsUpgrade(action, build);
};

/** The item's text: upgrade names the release it moves to, or says there is none newer. */
const labelOf = (action: BuildAction, build: Build, translate: (key: string, options?: object) => string) => {
  const base = 'resources.firmwares.build_actions';
  if (action === 'history') return { primary: translate('history.action') };
  if (!build.is_removed && needsUpgrade(action, build))
    return { primary: translate(`${base}.${action}`), secondary: translate(`${base}.release_removed`) };
  if (action !== 'upgrade' || build.is_removed || build.newer_release === undefined)
    return { primary: translate(`${base}.${action}`) };
  if (build.newer_release === null)
    return { primary: translate(`${base}.upgrade`), secondary: translate(`${base}.upgrade_none`) };
  return { primary: translate(`${base}.upgrade_to`, { version: build.newer_release.version }) };
};

/** A build's actions: edit, edit pools, rebuild, upgrade, download, copy link or uuid, view logs, remove. */
export const BuildActionsMenu = ({
  build,
  onAction,
}: {
  build: Build;
  onAction: (action: BuildAction, build: Build) => void;
}) => {
  const translate = useTranslate();
  const hidden = useContext(HiddenBuildActions);
  return (
    <ActionsMenu
      small
      label={translate('resources.firmwares.actions.build_menu', { name: build.model })}
      items={ITEMS.filter(({ action }) => !hidden.has(action)).map(({ action, icon, divider }) => ({
        action,
        icon,
        divider,
        danger: action === 'remove',
        disabled: !enabled(action, build),
        ...labelOf(action, build, translate),
      }))}
      onPick={(action) => onAction(action, build)}
    />
  );
};
