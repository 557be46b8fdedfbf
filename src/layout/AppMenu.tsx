import InsightsIcon from '@mui/icons-material/InsightsOutlined';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import MemoryIcon from '@mui/icons-material/Memory';
import PlaylistPlayIcon from '@mui/icons-material/PlaylistPlay';
import { Box, MenuList, styled, Typography } from '@mui/material';
import { createElement } from 'react';
import {
  useGetResourceLabel,
  usePermissions,
  useResourceDefinitions,
  useSidebarState,
  useTranslate,
} from 'react-admin';
import { canAccess } from '../../contract/can-access';
import { APP_NAME } from '../appInfo';
import { MenuLink } from './MenuLink';
import { SIDEBAR_CLOSED_WIDTH, SIDEBAR_WIDTH } from './ResponsiveSidebar';

/** Sidebar entries in order; canAccess(role, 'menu', name) decides who sees each (spec §2, §6). */
export const MENU_RESOURCES = [
  'releases',
  'firmwares',
  'tasks',
  'partners',
  'agents',
  'catalogue',
  'audit',
] as const;

const Brand = () => {
  const [open] = useSidebarState();
  return (
    // Inside the menu list: presentational, so the list holds only menu items (ARIA menu children).
    <Box
      role="none"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.25, px: 2, py: 1.5, minHeight: '3rem' }}
    >
      <Box
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: '1.75rem',
          height: '1.75rem',
          borderRadius: 2,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          flexShrink: 0,
        }}
      >
        <MemoryIcon sx={{ fontSize: '1.15rem' }} />
      </Box>
      {open && (
        <Typography variant="subtitle1" component="span" noWrap sx={{ fontWeight: 700 }}>
          {APP_NAME}
        </Typography>
      )}
    </Box>
  );
};

/**
 * react-admin's Menu's list, its look and class names (RaMenu-…): its Menu module also brings its own entries
 * (MenuItemLink with react-hotkeys-hook's keyboard shortcuts, the dashboard and resource items), which the console
 * draws with MenuLink instead: ~4 KB on the wire less at every signed-in start (issue 14, measured
 * 2026-11-27).
 */
const MenuFrame = styled(MenuList, { name: 'RaMenu', slot: 'Root' })(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'flex-start',
  transition: theme.transitions.create('width', {
    easing: theme.transitions.easing.sharp,
    duration: theme.transitions.duration.leavingScreen,
  }),
  '&.RaMenu-open': { width: SIDEBAR_WIDTH },
  '&.RaMenu-closed': { width: SIDEBAR_CLOSED_WIDTH },
}));

/** Admins' pages that are no resource (issue 17): their entries follow the resources'. */
const MENU_PAGES = [
  { name: 'activeBuilds', to: '/active-builds', label: 'lookup.active.menu', icon: <PlaylistPlayIcon /> },
  { name: 'findBuild', to: '/find-build', label: 'lookup.find.menu', icon: <ManageSearchIcon /> },
] as const;

export const AppMenu = () => {
  const { permissions } = usePermissions();
  const translate = useTranslate();
  const resources = useResourceDefinitions();
  const resourceLabel = useGetResourceLabel();
  const [open] = useSidebarState();
  return (
    <MenuFrame className={open ? 'RaMenu-open' : 'RaMenu-closed'}>
      <Brand />
      {/* Issue 42: the dashboard comes first, for everyone (each role sees its own). */}
      {canAccess(permissions, 'menu', 'dashboard') && (
        <MenuLink to="/dashboard" label={translate('dashboard.menu')} icon={<InsightsIcon />} />
      )}
      {MENU_RESOURCES.filter((name) => resources[name] && canAccess(permissions, 'menu', name)).map(
        (name) => {
          const { icon } = resources[name];
          return (
            <MenuLink
              key={name}
              to={`/${name}`}
              label={resourceLabel(name, 2)}
              icon={icon ? createElement(icon) : <span />}
            />
          );
        },
      )}
      {MENU_PAGES.filter((page) => canAccess(permissions, 'menu', page.name)).map((page) => (
        <MenuLink key={page.name} to={page.to} label={translate(page.label)} icon={page.icon} />
      ))}
    </MenuFrame>
  );
};
