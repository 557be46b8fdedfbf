import AccountCircle from '@mui/icons-material/AccountCircle';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import {
  Button,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  styled,
  type Theme,
  useMediaQuery,
} from '@mui/material';
import { type MouseEvent, useCallback, useMemo, useState } from 'react';
import { Logout, UserMenuContextProvider, useGetIdentity, useTranslate, useUserMenu } from 'react-admin';
import { HintTooltip } from '../ui/HintTooltip';
import { ApiReferenceItem } from './ApiReferenceItem';
import { useHeaderDialogs } from './HeaderDialogs';

const AccountItem = () => {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  const { openAccount } = useHeaderDialogs();
  return (
    <MenuItem
      onClick={() => {
        userMenu?.onClose();
        openAccount();
      }}
    >
      <ListItemIcon>
        <ManageAccountsOutlinedIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.user_menu.account')}</ListItemText>
    </MenuItem>
  );
};

const SettingsItem = () => {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  const { openSettings } = useHeaderDialogs();
  return (
    <MenuItem
      onClick={() => {
        userMenu?.onClose();
        openSettings();
      }}
    >
      <ListItemIcon>
        <SettingsOutlinedIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.user_menu.settings')}</ListItemText>
    </MenuItem>
  );
};

/** react-admin's user menu's look, under its class names (RaUserMenu-…). */
const Root = styled('div', { name: 'RaUserMenu', slot: 'Root' })(({ theme }) => ({
  '& .RaUserMenu-userButton': { textTransform: 'none', marginInlineStart: theme.spacing(0.5) },
}));

/**
 * User menu: Account, Settings, API reference, Logout (react-admin's Logout goes to /login). The button shows the account's
 * name, so its accessible name holds that name too ("Profile: …", WCAG 2.5.3 label in name); on a phone it is an
 * icon with the same name and a hint.
 *
 * react-admin's UserMenu, rebuilt: its phone button sits in MUI's Tooltip, which sets its state as it mounts, one
 * more synchronous render of the header inside the task that commits it (issue 14). Here the hint is a HintTooltip.
 */
export const AppUserMenu = () => {
  const translate = useTranslate();
  const { identity, isPending } = useGetIdentity();
  const wide = useMediaQuery<Theme>((theme) => theme.breakpoints.up('sm'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = useCallback(() => setAnchor(null), []);
  const context = useMemo(() => ({ onClose: close }), [close]);
  const profile = translate('ra.auth.user_menu');
  const name = identity?.fullName;
  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  return (
    <Root>
      {wide && !isPending && name ? (
        <Button
          aria-label={`${profile}: ${name}`}
          className="RaUserMenu-userButton"
          color="inherit"
          startIcon={<AccountCircle />}
          onClick={open}
        >
          {name}
        </Button>
      ) : (
        <HintTooltip title={profile}>
          <IconButton aria-haspopup color="inherit" onClick={open}>
            <AccountCircle />
          </IconButton>
        </HintTooltip>
      )}
      <UserMenuContextProvider value={context}>
        <Menu
          id="menu-appbar"
          disableScrollLock
          anchorEl={anchor}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          open={Boolean(anchor)}
          onClose={close}
        >
          <AccountItem />
          <SettingsItem />
          <ApiReferenceItem />
          <Logout />
        </Menu>
      </UserMenuContextProvider>
    </Root>
  );
};
