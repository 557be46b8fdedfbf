import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LinkIcon from '@mui/icons-material/Link';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import ReplayIcon from '@mui/icons-material/Replay';
import UpgradeIcon from '@mui/icons-material/Upgrade';
import { Divider, IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { useTranslate } from 'react-admin';
import { HintTooltip } from '../../layout/HintTooltip';
import type { BuildSet } from './types';

export type SetAction = 'edit' | 'upgrade' | 'rebuild' | 'copy_link' | 'remove';

const ITEMS: { action: SetAction; icon: ReactElement; danger?: boolean }[] = [
  { action: 'edit', icon: <EditOutlinedIcon fontSize="small" /> },
  { action: 'copy_link', icon: <LinkIcon fontSize="small" /> },
  { action: 'upgrade', icon: <UpgradeIcon fontSize="small" /> },
  { action: 'rebuild', icon: <ReplayIcon fontSize="small" /> },
  { action: 'remove', icon: <DeleteOutlineIcon fontSize="small" />, danger: true },
];

/** The set's actions in a menu: edit, copy link, upgrade all, rebuild all, remove. */
export const SetActionsMenu = ({
  set,
  onAction,
  canUpgrade,
}: {
  set: BuildSet;
  onAction: (action: SetAction, set: BuildSet) => void;
  /** False when no build of the set has a newer release (known where its builds are loaded). */
  canUpgrade?: boolean;
}) => {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = translate('resources.firmwares.actions.set_menu', { name: set.name });
  const hasBuilds = set.count_firmwares > 0;
  return (
    <>
      <HintTooltip title={translate('resources.firmwares.actions.more')}>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          onClick={(event) => {
            event.stopPropagation();
            setAnchor(event.currentTarget);
          }}
        >
          <MoreVertIcon />
        </IconButton>
      </HintTooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        onClick={(event) => event.stopPropagation()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {ITEMS.map(({ action, icon, danger }) => [
          danger ? <Divider key={`${action}-divider`} /> : null,
          <MenuItem
            key={action}
            disabled={
              ((action === 'upgrade' || action === 'rebuild') && !hasBuilds) ||
              (action === 'upgrade' && canUpgrade === false)
            }
            onClick={() => {
              setAnchor(null);
              onAction(action, set);
            }}
            sx={danger ? { color: 'error.main' } : undefined}
          >
            <ListItemIcon sx={danger ? { color: 'error.main' } : undefined}>{icon}</ListItemIcon>
            <ListItemText
              secondary={
                action === 'upgrade' && hasBuilds && canUpgrade === false
                  ? translate('resources.firmwares.actions.upgrade_all_none')
                  : undefined
              }
            >
              {translate(
                `resources.firmwares.actions.${action === 'upgrade' || action === 'rebuild' ? `${action}_all` : action}`,
              )}
            </ListItemText>
          </MenuItem>,
        ])}
      </Menu>
    </>
  );
};
