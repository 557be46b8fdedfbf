import { Box } from '@mui/material';
import type { ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { findRoute } from '../../routes';

/**
 * The per-route top panel slot (spec §2 "Top panel per route"), keyed by the route table's path. The panels
 * (radio filter of /releases, tabs of /firmwares and /tasks, …) arrive with their pages; lazy components go here.
 */
export const TOP_PANELS: Partial<Record<string, ComponentType>> = {};

export const TopPanel = () => {
  const { pathname } = useLocation();
  const Panel = TOP_PANELS[findRoute(pathname).path];
  if (!Panel) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, pt: 2 }}>
      <Panel />
    </Box>
  );
};
