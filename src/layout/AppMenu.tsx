import MemoryIcon from '@mui/icons-material/Memory';
import { Box, Typography } from '@mui/material';
import { Menu, usePermissions, useSidebarState } from 'react-admin';
import { APP_NAME } from '../appInfo';
import { canAccess } from '../authProvider/canAccess';
import { SIDEBAR_CLOSED_WIDTH, SIDEBAR_WIDTH } from './ResponsiveSidebar';

/** Sidebar entries in order; canAccess(role, 'menu', name) decides who sees each (spec §2, §6). */
export const MENU_RESOURCES = ['releases', 'firmwares', 'tasks', 'partners', 'agents', 'audit'] as const;

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

export const AppMenu = () => {
  const { permissions } = usePermissions();
  return (
    <Menu
      sx={{ '&.RaMenu-open': { width: SIDEBAR_WIDTH }, '&.RaMenu-closed': { width: SIDEBAR_CLOSED_WIDTH } }}
    >
      <Brand />
      {MENU_RESOURCES.filter((name) => canAccess(permissions, 'menu', name)).map((name) => (
        <Menu.ResourceItem key={name} name={name} />
      ))}
    </Menu>
  );
};
