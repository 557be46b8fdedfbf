import { Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PARTNER_FEE_SERIES } from '../../../contract/constants';
import { HintTooltip } from '../../ui/HintTooltip';
import type { Partner } from './types';

const STATUSES = [
  { field: 'is_removed', color: 'default' },
  { field: 'is_blocked', color: 'error' },
  { field: 'is_admin', color: 'secondary' },
  { field: 'is_developer', color: 'info' },
  { field: 'is_tester', color: 'warning' },
  { field: 'is_vip', color: 'success' },
] as const;

/** Status chips: removed (issue 17, listed with show removed), blocked, admin, developer, tester, vip. */
export const PartnerStatusChips = ({ partner }: { partner: Partner }) => {
  const translate = useTranslate();
  const on = STATUSES.filter(({ field }) => partner[field]);
  if (!on.length)
    return (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    );
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {on.map(({ field, color }) => (
        <Chip
          key={field}
          size="small"
          color={color}
          variant={field === 'is_blocked' ? 'filled' : 'outlined'}
          label={translate(
            field === 'is_removed' ? 'restore.partner.removed' : `app.partners.status.${field}`,
          )}
        />
      ))}
    </Stack>
  );
};

const percent = (value: number) => `${Number(value.toFixed(2))}%`;

/** The custom DevFee per series: "x19 1.5% / 3%" (min DevFee / sum of fee). */
export const PartnerFeeSummary = ({ partner }: { partner: Partner }) => {
  const translate = useTranslate();
  const fees = [...(partner.fee ?? [])].sort(
    (a, b) => PARTNER_FEE_SERIES.indexOf(a.series as never) - PARTNER_FEE_SERIES.indexOf(b.series as never),
  );
  if (!fees.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.partners.fee_default')}
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {fees.map((fee) => (
        <HintTooltip
          key={fee.series}
          title={`${translate('app.partners.min_dev_fee')}: ${percent(fee.min_dev_fee)} · ${translate('app.partners.min_total_fee')}: ${percent(fee.min_total_fee)}`}
        >
          <Box
            component="span"
            data-testid={`fee-${fee.series}`}
            sx={{
              display: 'inline-flex',
              gap: 0.5,
              px: 0.75,
              py: 0.125,
              borderRadius: 1,
              fontSize: '0.75rem',
              bgcolor: 'action.hover',
              whiteSpace: 'nowrap',
            }}
          >
            <Box component="span" sx={{ fontWeight: 700 }}>
              {fee.series}
            </Box>
            <span>
              {percent(fee.min_dev_fee)} / {percent(fee.min_total_fee)}
            </span>
          </Box>
        </HintTooltip>
      ))}
    </Box>
  );
};
