import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { usePermissions, useTranslate } from 'react-admin';
import { POLL_INTERVAL_MS } from '../../../../contract/constants';
import { useHttpClient } from '../../../dataProvider/ApiContext';
import { errorMessages } from '../../../dataProvider/showError';
import { ClosableDialogTitle } from '../../../ui/ClosableDialogTitle';
import { fetchRuns } from './historyApi';
import { RunCard } from './RunCard';

export interface BuildHistoryDialogProps {
  buildId: number;
  onClose: () => void;
  /** What the history is of, e.g. "set · model"; shown under the title. */
  subtitle?: ReactNode;
  /** Opens the live log dialog (the latest run's log). */
  onOpenLog?: () => void;
}

/**
 * A build's history (issue 17): every run, the latest first, with its release and commits, the agent that
 * built it (its name as it was), times, status, the artifact's sha256 and its own log. Polled while the latest
 * run is still queued or running, as the lists are.
 */
export const BuildHistoryDialog = ({ buildId, onClose, subtitle, onOpenLog }: BuildHistoryDialogProps) => {
  const translate = useTranslate();
  const httpClient = useHttpClient();
  const { permissions } = usePermissions();
  const admin = permissions === 'admin';
  const runs = useQuery({
    queryKey: ['buildRuns', buildId, admin],
    queryFn: () => fetchRuns(httpClient, buildId, admin),
    refetchInterval: (query) => {
      const latest = query.state.data?.[0];
      return latest && (latest.status === 'pending' || latest.status === 'in_progress')
        ? POLL_INTERVAL_MS
        : false;
    },
  });

  let body: ReactNode;
  if (runs.error) {
    body = (
      <Typography color="error" role="alert" sx={{ py: 4, textAlign: 'center' }}>
        {errorMessages(runs.error, translate).join(' ')}
      </Typography>
    );
  } else if (!runs.data) {
    body = <LinearProgress sx={{ my: 4 }} />;
  } else if (runs.data.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {translate('history.empty')}
      </Typography>
    );
  } else {
    body = (
      <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {runs.data.map((run) => (
          <RunCard key={run.run} buildId={buildId} run={run} admin={admin} onOpenLog={onOpenLog} />
        ))}
      </Stack>
    );
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="build-history-title">
      <ClosableDialogTitle
        id="build-history-title"
        title={translate('history.title')}
        subtitle={subtitle}
        onClose={onClose}
      />
      <DialogContent>{body}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
