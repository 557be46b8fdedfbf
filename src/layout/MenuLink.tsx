import { ListItemIcon, MenuItem, styled, type Theme, Typography, useMediaQuery } from '@mui/material';
import type { ReactElement } from 'react';
import { useSidebarState } from 'react-admin';
import { Link, useMatch } from 'react-router-dom';
import { HintTooltip } from '../ui/HintTooltip';

/** react-admin's menu item's look, under its class names (RaMenuItemLink-…), the theme's overrides included. */
const Item = styled(MenuItem, { name: 'RaMenuItemLink', slot: 'Root' })(({ theme }) => ({
  color: theme.palette.text.secondary,
  '& .RaMenuItemLink-icon': { color: theme.palette.text.secondary, minWidth: theme.spacing(5) },
  '&.RaMenuItemLink-active': { color: theme.palette.text.primary },
})) as typeof MenuItem;

/**
 * A sidebar entry: react-admin's MenuItemLink (its look, the active page marked, the sidebar closed after a tap on
 * a narrow screen), with its hint, shown while the sidebar is collapsed to icons, as a HintTooltip. react-admin's
 * wraps each collapsed entry in MUI's Tooltip, which sets its state as it mounts (one more synchronous render of
 * the menu in the task committing it), and its ResourceMenuItem draws the entry only once an access check through
 * react-query has answered, in a render of its own (issue 14). Who sees which entry is decided by the menu.
 */
export const MenuLink = ({ to, label, icon }: { to: string; label: string; icon: ReactElement }) => {
  const [open, setOpen] = useSidebarState();
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const active = useMatch({ path: to, end: false }) !== null;
  const item = (
    <Item
      component={Link}
      to={to}
      state={{ _scrollToTop: true }}
      tabIndex={0}
      className={active ? 'RaMenuItemLink-root RaMenuItemLink-active' : 'RaMenuItemLink-root'}
      onClick={() => {
        if (narrow) setOpen(false);
      }}
    >
      <ListItemIcon className="RaMenuItemLink-icon">{icon}</ListItemIcon>
      <Typography variant="inherit" noWrap sx={{ flexGrow: 1 }}>
        {label}
      </Typography>
    </Item>
  );
  return open ? (
    item
  ) : (
    <HintTooltip title={label} placement="right">
      {item}
    </HintTooltip>
  );
};
