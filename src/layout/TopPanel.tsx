import { Box } from '@mui/material';
import { type ComponentType, lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { retryingImport } from '../boot/retryingImport';
import { StartDeferred } from '../boot/StartDeferred';
import { findRoute } from '../routes';

/**
 * The per-route top panel slot (spec §2 "Top panel per route"), keyed by the route table's path. The panels
 * (radio filter of /releases, tabs of /firmwares and /tasks, …) arrive with their pages; lazy components go here.
 */
export const TOP_PANELS: Partial<Record<string, ComponentType>> = {
  '/releases/*': lazy(() =>
    retryingImport(() => import('../resources/releases/ReleaseTopPanel')).then((m) => ({
      default: m.ReleaseTopPanel,
    })),
  ),
  '/partners/*': lazy(() =>
    retryingImport(() => import('../resources/partners/PartnersTopPanel')).then((m) => ({
      default: m.PartnersTopPanel,
    })),
  ),
  '/agents/*': lazy(() =>
    retryingImport(() => import('../resources/agents/AgentsTopPanel')).then((m) => ({
      default: m.AgentsTopPanel,
    })),
  ),
  '/tasks/*': lazy(() =>
    retryingImport(() => import('../resources/tasks/TasksTopPanel')).then((m) => ({
      default: m.TasksTopPanel,
    })),
  ),
  '/firmwares/*': lazy(() =>
    retryingImport(() => import('../resources/sets/SetsTopPanel')).then((m) => ({
      default: m.SetsTopPanel,
    })),
  ),
};

export const TopPanel = () => {
  const { pathname } = useLocation();
  const Panel = TOP_PANELS[findRoute(pathname).path];
  if (!Panel) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, pt: 2 }}>
      <Suspense fallback={null}>
        <StartDeferred placeholder={null}>
          <Panel />
        </StartDeferred>
      </Suspense>
    </Box>
  );
};
