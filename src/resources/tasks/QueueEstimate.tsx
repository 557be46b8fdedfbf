import { Typography } from '@mui/material';
import { isSameDay, isValid, parseISO } from 'date-fns';
import { useTranslate } from 'react-admin';
import type { BuildStatus } from '../../../contract/statuses';
import { useDates } from '../../i18n/dates';
import { HintTooltip } from '../../ui/HintTooltip';

/** What a task or a build says of its place in the queue (issue 16): computed by the server. */
export interface QueueEstimateFields {
  status: BuildStatus;
  queue_position?: number | null;
  estimated_start_at?: string | null;
  estimated_finish_at?: string | null;
}

const dateOf = (value: string | null | undefined) => {
  const date = value ? parseISO(value) : undefined;
  return date && isValid(date) ? date : undefined;
};

/**
 * A pending build's place in the queue and when it should start and be done; a running build's expected end.
 * Nothing for other states, nor times the server could not estimate (nothing built yet, no agent online).
 */
export const QueueEstimate = ({
  item,
  showPosition = true,
}: {
  item: QueueEstimateFields;
  showPosition?: boolean;
}) => {
  const translate = useTranslate();
  // The console's one time format per language (issue 37: the estimates read "16:39" in English).
  const dates = useDates();
  if (item.status !== 'pending' && item.status !== 'in_progress') return null;
  const start = item.status === 'pending' ? dateOf(item.estimated_start_at) : undefined;
  const finish = dateOf(item.estimated_finish_at);
  const time = (date: Date) => dates.format(date, isSameDay(date, new Date()) ? 'clock' : 'dateTime');
  const parts: string[] = [];
  if (item.status === 'pending' && showPosition)
    parts.push(
      item.queue_position
        ? translate('app.tasks.queue_position', { position: item.queue_position })
        : translate('app.tasks.queued'),
    );
  if (start) parts.push(translate('app.tasks.eta.starts', { time: time(start) }));
  if (finish) parts.push(translate('app.tasks.eta.finishes', { time: time(finish) }));
  if (parts.length === 0) return null;
  const full = [
    start && `${translate('app.tasks.eta.start_label')}: ${dates.format(start, 'exact')}`,
    finish && `${translate('app.tasks.eta.finish_label')}: ${dates.format(finish, 'exact')}`,
    (start || finish) && translate('app.tasks.eta.how'),
  ]
    .filter(Boolean)
    .join('\n');
  const text = (
    <Typography
      variant="caption"
      color="text.secondary"
      component="div"
      data-testid="queue-estimate"
      sx={{ whiteSpace: 'nowrap' }}
    >
      {parts.join(' · ')}
    </Typography>
  );
  return full ? (
    <HintTooltip title={<span style={{ whiteSpace: 'pre-line' }}>{full}</span>}>{text}</HintTooltip>
  ) : (
    text
  );
};
