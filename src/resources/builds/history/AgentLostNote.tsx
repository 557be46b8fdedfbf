import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Stack, Typography } from '@mui/material';
import { format, isValid, parseISO } from 'date-fns';
import { useTranslate } from 'react-admin';

/** What a running build or task says of its agent (issue 17): whether it stopped answering, its lease's end. */
export interface AgentLiveness {
  status: string;
  agent_lost?: boolean;
  lease_until?: string | null;
}

/**
 * A running build whose agent stopped answering: its progress is stale, and the queue takes it back when the
 * lease runs out (or fails it after its last attempt). Nothing otherwise.
 */
export const AgentLostNote = ({ item }: { item: AgentLiveness }) => {
  const translate = useTranslate();
  if (item.status !== 'in_progress' || !item.agent_lost) return null;
  const until = item.lease_until ? parseISO(item.lease_until) : undefined;
  // The clock time, as the queue's estimates show theirs ("12:03").
  const time = until && isValid(until) ? format(until, 'HH:mm') : '';
  return (
    <Stack
      direction="row"
      spacing={0.5}
      alignItems="flex-start"
      role="status"
      sx={{ mt: 0.5, maxWidth: '16rem' }}
    >
      <WarningAmberIcon color="warning" sx={{ fontSize: '1rem', mt: '1px' }} />
      <Typography variant="caption" color="warning.main" sx={{ fontWeight: 600 }}>
        {time ? translate('history.agent_lost_until', { time }) : translate('history.agent_lost')}
      </Typography>
    </Stack>
  );
};
