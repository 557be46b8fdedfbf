import StarIcon from '@mui/icons-material/Star';
import {
  Box,
  Chip,
  type ChipProps,
  LinearProgress,
  type LinearProgressProps,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useBuildProgress } from '../../custom/live/LiveProvider';
import { useDates } from '../../i18n/dates';
import { HintTooltip } from '../../ui/HintTooltip';
import { AgentLostNote } from '../builds/history/AgentLostNote';
import { QueueEstimate } from './QueueEstimate';
import { isCancelling, type Task, type TaskStatus } from './types';

const STATUS_COLOR: Record<TaskStatus, ChipProps['color']> = {
  pending: 'warning',
  in_progress: 'info',
  done: 'success',
  failed: 'error',
  cancelled: 'default',
};

export const TaskStatusChip = ({ task }: { task: Pick<Task, 'status' | 'cancel_requested'> }) => {
  const translate = useTranslate();
  const { status } = task;
  const cancelling = isCancelling(task);
  return (
    <Chip
      size="small"
      color={cancelling ? 'default' : (STATUS_COLOR[status] ?? 'default')}
      variant={status === 'done' || status === 'failed' ? 'filled' : 'outlined'}
      label={translate(`app.tasks.state.${cancelling ? 'cancelling' : status}`, { _: status })}
      sx={{ fontWeight: 600, borderRadius: 1.5, height: '1.5rem' }}
    />
  );
};

/** Issue 17: which run of its build the task is, from the second on (the first is every build's). */
const RunNumber = ({ run }: { run?: number }) => {
  const translate = useTranslate();
  return run && run > 1 ? <> · {translate('history.run_short', { run })}</> : null;
};

/** The set (favourites starred), the build's uuid and, on the 'all tasks' tab, whose task it is. */
export const TaskSet = ({ task, owner }: { task: Task; owner?: boolean }) => (
  <Box sx={{ minWidth: 0, maxWidth: { xs: '9rem', xl: '13rem' } }}>
    <Stack direction="row" alignItems="center" spacing={0.5}>
      {task.is_favorite && <StarIcon sx={{ fontSize: '1rem', color: 'warning.main' }} />}
      <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={task.group_name}>
        {task.group_name}
      </Typography>
    </Stack>
    <Typography variant="caption" color="text.secondary" component="div" noWrap>
      <Box component="span" sx={{ fontFamily: 'monospace' }} title={task.uuid}>
        {task.uuid?.slice(0, 8)}
      </Box>
      {/* Below md the model column gives way (issue 37, item 2.1): the model is named here. */}
      <Box component="span" sx={{ display: { xs: 'inline', md: 'none' } }}>
        {' · '}
        {task.model}
      </Box>
      <RunNumber run={task.run} />
      {owner && task.user_email && ` · ${task.user_email}`}
    </Typography>
    {/* Below xl the platform column gives way: builds of one set still tell apart by it (issue 37, §4). */}
    <Typography
      variant="caption"
      color="text.secondary"
      noWrap
      data-testid="task-platform"
      sx={{ display: { xs: 'block', xl: 'none' } }}
    >
      {task.platform} · {task.install_type}
    </Typography>
  </Box>
);

const PROGRESS_COLOR: Partial<Record<TaskStatus, LinearProgressProps['color']>> = {
  failed: 'error',
  done: 'success',
  cancelled: 'inherit',
};

/**
 * Progress bar (live for admins and developers, polled for others) and, while pending, the queue position;
 * with the expected start and finish (issue 16).
 */
export const TaskProgress = ({ task }: { task: Task }) => {
  const translate = useTranslate();
  const live = useBuildProgress(task.id, task.progress);
  const progress = Math.round(
    task.status === 'done' ? 100 : task.status === 'in_progress' ? live : task.progress,
  );
  if (task.status === 'pending') {
    return (
      <>
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {task.queue_position
            ? translate('app.tasks.queue_position', { position: task.queue_position })
            : translate('app.tasks.queued')}
        </Typography>
        <QueueEstimate item={task} showPosition={false} />
      </>
    );
  }
  const color = PROGRESS_COLOR[task.status] ?? 'primary';
  return (
    <>
      <Stack direction="row" alignItems="center" spacing={1} sx={{ minWidth: '6.5rem' }}>
        <LinearProgress
          variant="determinate"
          value={progress}
          color={color}
          aria-label={translate('resources.tasks.fields.progress')}
          sx={{ flex: 1, height: 6, borderRadius: 3, ...(color === 'inherit' && { color: 'text.disabled' }) }}
        />
        <Typography
          variant="caption"
          sx={{ fontVariantNumeric: 'tabular-nums', minWidth: '3.5ch', textAlign: 'right' }}
        >
          {progress}%
        </Typography>
      </Stack>
      <AgentLostNote item={task} />
      <QueueEstimate item={task} />
    </>
  );
};

const When = ({ label, value }: { label: string; value: string | null }) => {
  const dates = useDates();
  const shown = dates.format(value, 'dateTime');
  if (!shown) return null;
  return (
    <HintTooltip title={`${label}: ${dates.format(value, 'exact')}`}>
      <Typography variant="caption" component="div" sx={{ whiteSpace: 'nowrap' }}>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {label}
        </Box>{' '}
        {shown}
      </Typography>
    </HintTooltip>
  );
};

/** Started and finished times (the created time while the task waits). */
export const TaskTimes = ({ task }: { task: Task }) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.tasks.fields.${key}`);
  if (!task.started_at) return <When label={t('created_at')} value={task.created_at} />;
  return (
    <>
      <When label={t('started_at')} value={task.started_at} />
      <When label={t('finished_at')} value={task.finished_at} />
    </>
  );
};
