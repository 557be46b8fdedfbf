import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import { Box, Card, Skeleton, Stack, Typography } from '@mui/material';
import type { ComponentType } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { callOf } from '../../dataProvider/paths';
import { useAdminData } from './useAdminData';

export const ANALYTICS_PATH = callOf('analytics').path;

/** GET /admin/analytics (spec §2 Statistics). */
export interface Analytics {
  totalUsers: number;
  activeUsers: number;
  licensesIssued: number;
}

const TILES: { key: keyof Analytics; icon: ComponentType<{ fontSize?: 'small' }>; color: string }[] = [
  { key: 'totalUsers', icon: GroupOutlinedIcon, color: 'primary.main' },
  { key: 'activeUsers', icon: HowToRegOutlinedIcon, color: 'success.main' },
  { key: 'licensesIssued', icon: VerifiedOutlinedIcon, color: 'secondary.main' },
];

/** Statistics: total users, users active in the last 30 days, licenses issued. */
export const PartnerStatistics = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, isPending, failed } = useAdminData<Analytics>(ANALYTICS_PATH);
  if (failed) return null;
  return (
    <Box
      component="section"
      aria-label={translate('app.statistics.title')}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, mt: 2 }}
    >
      {TILES.map(({ key, icon: Icon, color }) => (
        <Card key={key} sx={{ p: 2 }} data-testid={`stat-${key}`}>
          <Stack direction="row" spacing={1.5} alignItems="center">
            <Box
              sx={{
                display: 'grid',
                placeItems: 'center',
                width: '2.5rem',
                height: '2.5rem',
                borderRadius: 2,
                color,
                bgcolor: 'action.hover',
              }}
            >
              <Icon />
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary" noWrap>
                {translate(`app.statistics.${key}`)}
              </Typography>
              <Typography variant="h5" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
                {isPending ? <Skeleton width="3rem" /> : Number(data?.[key] ?? 0).toLocaleString(locale)}
              </Typography>
            </Box>
          </Stack>
        </Card>
      ))}
    </Box>
  );
};
