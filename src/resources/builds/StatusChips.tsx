import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DoNotDisturbAltIcon from '@mui/icons-material/DoNotDisturbAlt';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import SyncIcon from '@mui/icons-material/Sync';
import { Box, Chip, type ChipProps, LinearProgress, Stack } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslate } from 'react-admin';
import type { BuildStatus } from '../../../contract/statuses';
import { HintTooltip } from '../../ui/HintTooltip';
import type { Build } from '../sets/types';
import type { StatusCounters as Counters } from './buildRules';

const STATUS: Record<BuildStatus, { color: ChipProps['color']; icon: ReactElement }> = {
  pending: { color: 'warning', icon: <HourglassEmptyIcon /> },
  in_progress: { color: 'info', icon: <SyncIcon /> },
  done: { color: 'success', icon: <CheckCircleOutlineIcon /> },
  failed: { color: 'error', icon: <ErrorOutlineIcon /> },
  cancelled: { color: 'default', icon: <DoNotDisturbAltIcon /> },
};

/** A build's status; in progress it shows its percentage. */
export const BuildStatusChip = ({ build }: { build: Pick<Build, 'status' | 'progress' | 'is_removed'> }) => {
  const translate = useTranslate();
  const { color, icon } = STATUS[build.status];
  const label = translate(`resources.firmwares.status.${build.status}`);
  return (
    <Chip
      size="small"
      variant={build.status === 'done' ? 'filled' : 'outlined'}
      color={build.is_removed ? 'default' : color}
      icon={icon}
      label={build.status === 'in_progress' ? `${label} ${build.progress ?? 0}%` : label}
      sx={{ fontWeight: 600, '& .MuiChip-icon': { fontSize: '1rem' } }}
    />
  );
};

/** The progress bar of a build that is waiting or being built. */
export const BuildProgress = ({ build }: { build: Pick<Build, 'status' | 'progress'> }) => {
  const translate = useTranslate();
  if (build.status !== 'pending' && build.status !== 'in_progress') return null;
  return (
    <LinearProgress
      aria-label={translate('resources.tasks.fields.progress')}
      variant={build.status === 'pending' ? 'indeterminate' : 'determinate'}
      value={build.progress ?? 0}
      color={build.status === 'pending' ? 'warning' : 'info'}
      sx={{
        height: 4,
        borderRadius: 2,
        mt: 0.75,
        maxWidth: '12rem',
        opacity: build.status === 'pending' ? 0.5 : 1,
      }}
    />
  );
};

const Counter = ({
  value,
  label,
  color,
  icon,
}: {
  value: number;
  label: string;
  color: string;
  icon: ReactElement;
}) => (
  <HintTooltip title={label}>
    <Box
      component="span"
      aria-label={`${label}: ${value}`}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        px: 0.875,
        py: 0.25,
        borderRadius: 999,
        fontSize: '0.8rem',
        fontWeight: 700,
        color: value ? color : 'text.secondary',
        bgcolor: value ? 'action.hover' : 'transparent',
        '& svg': { fontSize: '0.95rem' },
      }}
    >
      {icon}
      {value}
    </Box>
  </HintTooltip>
);

/** pending, in progress and failed; removed builds apart. */
export const StatusCounters = ({
  counters,
  showRemoved = true,
}: {
  counters: Counters;
  showRemoved?: boolean;
}) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.firmwares.counters.${key}`);
  return (
    <Stack direction="row" spacing={0.5} alignItems="center" flexWrap="wrap" useFlexGap>
      <Counter
        value={counters.pending}
        label={t('pending')}
        color="warning.main"
        icon={<HourglassEmptyIcon />}
      />
      <Counter value={counters.in_progress} label={t('in_progress')} color="info.main" icon={<SyncIcon />} />
      <Counter value={counters.failed} label={t('failed')} color="error.main" icon={<ErrorOutlineIcon />} />
      {showRemoved && counters.removed > 0 && (
        <Counter
          value={counters.removed}
          label={t('removed')}
          color="text.secondary"
          icon={<DeleteOutlineIcon />}
        />
      )}
    </Stack>
  );
};
