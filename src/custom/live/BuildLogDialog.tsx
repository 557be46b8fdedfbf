import CloseIcon from '@mui/icons-material/Close';
import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessages } from '../../errors/showError';
import { useCopyToClipboard } from '../../lib/clipboard';
import { LogLines } from './LogLines';
import { useBuildLog } from './useBuildLog';

export interface BuildLogDialogProps {
  /** The build's (firmware's) id: the log path's id and the socket's fw_id. */
  buildId: number;
  open: boolean;
  onClose: () => void;
  /** What the log is of, e.g. "set · model"; shown under the title. */
  subtitle?: ReactNode;
}

const LiveChip = ({ live }: { live: boolean }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={live ? 'success' : 'default'}
      icon={
        <Box
          component="span"
          sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: live ? 'success.main' : 'text.disabled' }}
        />
      }
      label={translate(live ? 'app.build_log.live' : 'app.build_log.polling')}
      sx={{ '& .MuiChip-icon': { ml: 1 } }}
    />
  );
};

/**
 * A build's log (spec §2 'view logs', §4 Live socket): the whole stored log, then the lines arriving live, each
 * once and in order; a progress bar; follows the end of the log while scrolled there. Reusable by any list that
 * shows builds: `<BuildLogDialog buildId={build.id} open={open} onClose={close} subtitle={name} />`.
 */
export const BuildLogDialog = ({ buildId, open, onClose, subtitle }: BuildLogDialogProps) => {
  const translate = useTranslate();
  const copy = useCopyToClipboard();
  const log = useBuildLog(buildId, open);
  const title = translate('app.build_log.title');
  const progress = Math.round(log.progress);

  let body: ReactNode;
  if (log.error && log.lines.length === 0) {
    body = (
      <Stack alignItems="center" spacing={1.5} sx={{ py: 6 }} role="alert">
        <Typography color="error">{errorMessages(log.error, translate).join(' ')}</Typography>
        <Button onClick={log.reload}>{translate('ra.action.refresh')}</Button>
      </Stack>
    );
  } else if (log.lines.length === 0) {
    body = (
      <Stack alignItems="center" justifyContent="center" sx={{ height: '12rem', color: 'text.secondary' }}>
        {log.isPending ? <LinearProgress sx={{ width: '40%' }} /> : translate('app.build_log.empty')}
      </Stack>
    );
  } else {
    body = <LogLines lines={log.lines} label={title} />;
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="build-log-title">
      <DialogTitle id="build-log-title" sx={{ pr: 7 }}>
        {title}
        {subtitle && (
          <Typography variant="body2" color="text.secondary" component="div">
            {subtitle}
          </Typography>
        )}
        <IconButton
          aria-label={translate('ra.action.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Stack direction="row" alignItems="center" spacing={2} sx={{ mb: 1.5 }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={translate('resources.tasks.fields.progress')}
            sx={{ flex: 1, height: 8, borderRadius: 4 }}
          />
          <Typography
            variant="body2"
            sx={{ fontWeight: 600, minWidth: '3.5ch', fontVariantNumeric: 'tabular-nums' }}
          >
            {progress}%
          </Typography>
          <LiveChip live={log.isLive} />
        </Stack>
        {body}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button
          startIcon={<ContentCopyOutlinedIcon />}
          disabled={log.lines.length === 0}
          onClick={() => copy(log.lines.map((l) => l.line).join('\n'))}
        >
          {translate('app.build_log.copy')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" onClick={onClose}>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
