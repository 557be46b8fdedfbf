import { Box, Chip, type ChipProps, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useBuildProgress } from '../../custom/live/LiveProvider';
import type { Agent, AgentBuild, AgentStatus as Status } from './types';

const COLOR: Record<Status, ChipProps['color']> = { online: 'success', busy: 'info', offline: 'default' };

const Dot = ({ status }: { status: Status }) => (
  <Box
    component="span"
    sx={{
      width: 8,
      height: 8,
      borderRadius: '50%',
      bgcolor: status === 'online' ? 'success.main' : status === 'busy' ? 'info.main' : 'text.disabled',
    }}
  />
);

/** The build an agent is busy with, and its progress (live for admins and developers). */
const CurrentBuild = ({ build }: { build: AgentBuild }) => {
  const progress = Math.round(useBuildProgress(build.id, build.progress));
  return (
    <Box sx={{ minWidth: '10rem', maxWidth: '16rem' }}>
      <Typography variant="caption" component="div" noWrap title={`${build.group_name} · ${build.model}`}>
        {build.group_name} · {build.model}
      </Typography>
      <Stack direction="row" alignItems="center" spacing={1}>
        <LinearProgress variant="determinate" value={progress} sx={{ flex: 1, height: 6, borderRadius: 3 }} />
        <Typography variant="caption" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: '3.5ch' }}>
          {progress}%
        </Typography>
      </Stack>
    </Box>
  );
};

/** online / offline / busy, and for busy agents which build with its progress. */
export const AgentStatus = ({ agent }: { agent: Agent }) => {
  const translate = useTranslate();
  const status: Status = COLOR[agent.status] ? agent.status : 'offline';
  return (
    <Stack spacing={0.75} alignItems="flex-start">
      <Chip
        size="small"
        variant="outlined"
        color={COLOR[status]}
        icon={<Dot status={status} />}
        label={translate(`app.agents.status.${status}`)}
        sx={{ fontWeight: 600, '& .MuiChip-icon': { ml: 1 } }}
      />
      {status === 'busy' && agent.current_build && <CurrentBuild build={agent.current_build} />}
    </Stack>
  );
};
