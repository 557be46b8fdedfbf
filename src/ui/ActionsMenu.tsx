import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Divider, IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { useTranslate } from 'react-admin';
import { HintTooltip } from './HintTooltip';

export interface MenuAction<A extends string> {
  action: A;
  icon: ReactElement;
  primary: string;
  secondary?: string;
  disabled?: boolean;
  /** A line above the item. */
  divider?: boolean;
  /** In the error colour (remove). */
  danger?: boolean;
}

/**
 * A row's actions behind a '⋮' button ('more' as its tooltip, `label` as its name). Clicks stay inside the menu,
 * so a clickable row under it does not open too.
 */
export const ActionsMenu = <A extends string>({
  label,
  small = false,
  items,
  onPick,
}: {
  label: string;
  small?: boolean;
  items: MenuAction<A>[];
  onPick: (action: A) => void;
}) => {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <HintTooltip title={translate('resources.firmwares.actions.more')}>
        <IconButton
          size={small ? 'small' : 'medium'}
          aria-label={label}
          aria-haspopup="menu"
          onClick={(event) => {
            event.stopPropagation();
            setAnchor(event.currentTarget);
          }}
        >
          <MoreVertIcon fontSize={small ? 'small' : 'medium'} />
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
        {items.map(({ action, icon, primary, secondary, disabled, divider, danger }) => [
          divider ? <Divider key={`${action}-divider`} /> : null,
          <MenuItem
            key={action}
            disabled={disabled}
            onClick={() => {
              setAnchor(null);
              onPick(action);
            }}
            sx={danger ? { color: 'error.main' } : undefined}
          >
            <ListItemIcon sx={danger ? { color: 'error.main' } : undefined}>{icon}</ListItemIcon>
            <ListItemText primary={primary} secondary={secondary} />
          </MenuItem>,
        ])}
      </Menu>
    </>
  );
};
