import { Box } from '@mui/material';
import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { usePermissions, useTranslate } from 'react-admin';
import { canAccess } from '../../../contract/can-access';
import { OwnCharts, StaffCharts } from './DashboardCharts';
import { useLiveRefresh } from './useLiveRefresh';

/**
 * /dashboard (issue 42): admins and developers see everyone's builds, queue and agents (admins also licenses
 * and partners); everyone else their own builds. Each chart has its range, its table and its CSV; the page is
 * a chunk of its own, the charts library with it, and refreshes from the live socket's events.
 */
export const DashboardPage = () => {
  const { permissions } = usePermissions();
  const translate = useTranslate();
  useLiveRefresh();
  const staff = canAccess(permissions, 'all', 'dashboard');
  return (
    <ChartsLocalizationProvider
      localeText={{ noData: translate('dashboard.no_data'), loading: translate('dashboard.loading') }}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          py: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 28rem), 1fr))',
          alignItems: 'start',
        }}
      >
        {staff ? <StaffCharts admin={canAccess(permissions, 'list', 'analytics')} /> : <OwnCharts />}
      </Box>
    </ChartsLocalizationProvider>
  );
};
