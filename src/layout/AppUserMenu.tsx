import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { Logout, UserMenu, useGetIdentity, useTranslate, useUserMenu } from 'react-admin';
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

/**
 * User menu: Account, Settings, Logout (react-admin's Logout goes to /login). The button shows the account's
 * name, so its accessible name holds that name too ("Profile: …", WCAG 2.5.3 label in name).
 */
export const AppUserMenu = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const profile = translate('ra.auth.user_menu');
  return (
    <UserMenu label={identity?.fullName ? `${profile}: ${identity.fullName}` : profile}>
      <AccountItem />
      <SettingsItem />
      <Logout />
    </UserMenu>
  );
};
