import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { IconButton } from '@mui/material';
import { useTranslate } from 'react-admin';
import { HintTooltip } from '../ui/HintTooltip';
import { AppBar } from './AppBar';
import { AppUserMenu } from './AppUserMenu';
import { HeaderDialogsProvider, useHeaderDialogs } from './HeaderDialogs';
import { LoadingIndicator } from './LoadingIndicator';
import { MyTasksButton } from './MyTasksButton';
import { RouteTitle } from './RouteTitle';

const SettingsButton = () => {
  const translate = useTranslate();
  const { openSettings, settingsAnchorRef } = useHeaderDialogs();
  const label = translate('app.user_menu.settings');
  return (
    <HintTooltip title={label}>
      <IconButton
        ref={settingsAnchorRef}
        color="inherit"
        aria-label={label}
        onClick={(e) => openSettings(e.currentTarget)}
      >
        <SettingsOutlinedIcon />
      </IconButton>
    </HintTooltip>
  );
};

const HeaderToolbar = () => (
  <>
    <MyTasksButton />
    <LoadingIndicator />
    <SettingsButton />
  </>
);

/** The header: the current route's title and subtitle, My tasks, settings and the user menu. */
export const AppHeader = () => (
  <HeaderDialogsProvider>
    <AppBar toolbar={<HeaderToolbar />} userMenu={<AppUserMenu />}>
      <RouteTitle />
    </AppBar>
  </HeaderDialogsProvider>
);
