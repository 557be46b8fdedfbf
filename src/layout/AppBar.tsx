import MenuIcon from '@mui/icons-material/Menu';
import { IconButton, AppBar as MuiAppBar, styled, type Theme, Toolbar, useMediaQuery } from '@mui/material';
import type { ReactNode } from 'react';
import { useSidebarState, useTranslate } from 'react-admin';
import { HintTooltip } from '../ui/HintTooltip';

/** react-admin's app bar's look, under its class names (RaAppBar-…). */
const Bar = styled(MuiAppBar, { name: 'RaAppBar', slot: 'Root' })(({ theme }) => ({
  '& .RaAppBar-toolbar': {
    padding: `0 ${theme.spacing(1)}`,
    [theme.breakpoints.down('md')]: { minHeight: theme.spacing(6) },
  },
  '& .RaAppBar-menuButton': { marginRight: '0.2em' },
  '& .RaSidebarToggleButton-menuButtonIconClosed, & .RaSidebarToggleButton-menuButtonIconOpen': {
    transition: theme.transitions.create(['transform'], {
      easing: theme.transitions.easing.sharp,
      duration: theme.transitions.duration.leavingScreen,
    }),
  },
  '& .RaSidebarToggleButton-menuButtonIconOpen': { transform: 'rotate(180deg)' },
}));

/** Opens and closes the sidebar; its hint is a HintTooltip, mounted at the first hover or focus. */
const SidebarToggle = () => {
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  return (
    <HintTooltip title={translate(open ? 'ra.action.close_menu' : 'ra.action.open_menu')}>
      <IconButton className="RaAppBar-menuButton" color="inherit" onClick={() => setOpen(!open)}>
        <MenuIcon
          className={
            open ? 'RaSidebarToggleButton-menuButtonIconOpen' : 'RaSidebarToggleButton-menuButtonIconClosed'
          }
        />
      </IconButton>
    </HintTooltip>
  );
};

/**
 * react-admin's AppBar as this console uses it (always shown): the sidebar's button, the title, the toolbar and
 * the user menu. Its own, because react-admin's wraps the sidebar's button in MUI's Tooltip, which sets its state
 * as it mounts: one more synchronous render of the header inside the task that commits it (issue 14).
 */
export const AppBar = ({
  children,
  toolbar,
  userMenu,
}: {
  children: ReactNode;
  toolbar: ReactNode;
  userMenu: ReactNode;
}) => {
  const xsmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <Bar className="RaAppBar-appBar" color="inherit">
      <Toolbar disableGutters variant={xsmall ? 'regular' : 'dense'} className="RaAppBar-toolbar">
        <SidebarToggle />
        {children}
        {toolbar}
        {userMenu}
      </Toolbar>
    </Bar>
  );
};
