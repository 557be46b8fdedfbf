import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import TerminalOutlinedIcon from '@mui/icons-material/TerminalOutlined';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { readToken } from '../../../authProvider/session';
import { buildLogPath, downloadLog } from '../../../custom/live/buildLogApi';
import { useShowError } from '../../../dataProvider/showError';
import { useDates } from '../../../i18n/dates';
import { LabelledValue } from '../../../ui/LabelledValue';
import { TaskStatusChip } from '../../tasks/TaskCells';
import { formatBytes } from '../buildRules';
import type { BuildRun } from './historyApi';

/**
 * One run of a build in its history: what it was built from, by which agent, when, its result and log, and
 * while the console keeps it, the run's file and attestation (issue 37).
 */
export const RunCard = ({
  buildId,
  run,
  admin,
  onOpenLog,
}: {
  buildId: number;
  run: BuildRun;
  admin: boolean;
  onOpenLog?: () => void;
}) => {
  const translate = useTranslate();
  const dates = useDates();
  const showError = useShowError();
  const [downloading, setDownloading] = useState(false);
  const t = (key: string, options?: object) => translate(`history.${key}`, options);
  const none = t('none');

  const download = async () => {
    setDownloading(true);
    try {
      await downloadLog(
        buildLogPath(buildId, admin),
        readToken(),
        `build-${buildId}-run-${run.run}.log`,
        run.run,
      );
    } catch (error) {
      showError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }} aria-label={t('run', { run: run.run })}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1 }}>
        <Typography variant="subtitle2">{t('run', { run: run.run })}</Typography>
        {run.is_latest && <Chip size="small" color="primary" variant="outlined" label={t('latest')} />}
        <TaskStatusChip task={{ status: run.status, cancel_requested: false }} />
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        <LabelledValue label={t('release')}>{run.release_version}</LabelledValue>
        <LabelledValue label={t('agent')}>{run.agent_name ?? none}</LabelledValue>
        <LabelledValue label={t('attempts')}>{run.attempts}</LabelledValue>
        <LabelledValue label={t('queued')}>{dates.format(run.queued_at, 'dateTime') || none}</LabelledValue>
        <LabelledValue label={t('started')}>{dates.format(run.started_at, 'dateTime') || none}</LabelledValue>
        <LabelledValue label={t('finished')}>
          {dates.format(run.finished_at, 'dateTime') || none}
        </LabelledValue>
        <LabelledValue label={t('commits')}>
          {run.commits.length === 0
            ? none
            : run.commits.map((c) => (
                <Box key={c.repository} component="span" sx={{ display: 'block' }}>
                  {c.repository} {c.tag}
                  {c.commit && (
                    <Box
                      component="span"
                      sx={{ fontFamily: 'monospace', color: 'text.secondary' }}
                      title={c.commit}
                    >
                      {' '}
                      {c.commit.slice(0, 10)}
                    </Box>
                  )}
                </Box>
              ))}
        </LabelledValue>
        <LabelledValue label={t('artifact')}>
          {run.sha256 ? (
            <>
              <Box
                component="span"
                sx={{ fontFamily: 'monospace', fontSize: '0.8em', wordBreak: 'break-all' }}
              >
                {run.sha256}
              </Box>{' '}
              ({formatBytes(run.file_size, dates.locale)})
              {!run.download_path && (
                <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                  {t('file_gone')}
                </Box>
              )}
            </>
          ) : (
            none
          )}
        </LabelledValue>
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }} flexWrap="wrap" useFlexGap>
        {/* Issue 37: each kept run's own file and attestation, public as the build's link. */}
        {run.download_path && (
          <Button size="small" startIcon={<FileDownloadOutlinedIcon />} href={run.download_path} download>
            {t('download_file')}
          </Button>
        )}
        {run.attestation_path && (
          <Button
            size="small"
            startIcon={<VerifiedOutlinedIcon />}
            href={run.attestation_path}
            target="_blank"
            rel="noopener"
          >
            {t('attestation')}
          </Button>
        )}
        {run.is_latest && onOpenLog && (
          <Button size="small" startIcon={<TerminalOutlinedIcon />} onClick={onOpenLog}>
            {t('open_log')}
          </Button>
        )}
        <Button
          size="small"
          startIcon={<FileDownloadOutlinedIcon />}
          disabled={downloading}
          onClick={download}
        >
          {t('download_log')}
        </Button>
      </Stack>
    </Paper>
  );
};
