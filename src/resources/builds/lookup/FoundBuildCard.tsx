import DownloadIcon from '@mui/icons-material/Download';
import HistoryIcon from '@mui/icons-material/History';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import TerminalOutlinedIcon from '@mui/icons-material/TerminalOutlined';
import { Box, Button, Card, CardContent, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { BuildLogDialog } from '../../../custom/live/BuildLogDialog';
import { useDates } from '../../../i18n/dates';
import { LabelledValue } from '../../../ui/LabelledValue';
import { TaskStatusChip } from '../../tasks/TaskCells';
import { downloadUrl, formatBytes } from '../buildRules';
import { AgentLostNote } from '../history/AgentLostNote';
import { BuildHistoryDialog } from '../history/BuildHistoryDialog';
import type { FoundBuild } from './lookupApi';

/** A build found by uuid: who owns it, its set, what it is, where it stands, and its file, log and history. */
export const FoundBuildCard = ({ build }: { build: FoundBuild }) => {
  const translate = useTranslate();
  const dates = useDates();
  const [dialog, setDialog] = useState<'log' | 'history'>();
  const t = (key: string) => translate(`lookup.find.${key}`);
  const partner = `/partners/${build.user_id}/show`;
  const name = `${build.group_name} · ${build.model}`;
  return (
    <Card variant="outlined" data-testid="found-build">
      <CardContent>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1 }}>
          <Typography variant="h6" component="h2">
            {name}
          </Typography>
          <TaskStatusChip task={{ status: build.status, cancel_requested: false }} />
          {build.is_removed && <Typography color="text.secondary">{t('removed')}</Typography>}
        </Stack>
        <LabelledValue beside label={t('owner')}>
          <MuiLink component={Link} to={partner}>
            {build.owner_email}
          </MuiLink>
        </LabelledValue>
        <LabelledValue beside label={t('set')}>
          <MuiLink component={Link} to={partner}>
            {build.group_name}
          </MuiLink>
        </LabelledValue>
        <LabelledValue beside label="uuid">
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {build.uuid}
          </Box>
        </LabelledValue>
        <LabelledValue beside label={t('build')}>
          {build.model} · {build.platform} · {build.install_type}
        </LabelledValue>
        <LabelledValue beside label={t('release')}>
          {build.release_version} ({build.stage})
        </LabelledValue>
        <LabelledValue beside label={t('status')}>
          {build.status === 'in_progress'
            ? `${build.progress}%`
            : translate(`app.tasks.state.${build.status}`)}
          <AgentLostNote item={build} />
        </LabelledValue>
        <LabelledValue beside label={t('file')}>
          {build.sha256 ? `${formatBytes(build.file_size, dates.locale)} · sha256 ${build.sha256}` : '—'}
        </LabelledValue>
        <LabelledValue beside label={t('updated')}>
          {dates.format(build.updated_at, 'dateTime')}
        </LabelledValue>
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap sx={{ mt: 1.5 }}>
          <Button component={Link} to={partner} startIcon={<PersonOutlineIcon />}>
            {t('open_partner')}
          </Button>
          <Button startIcon={<TerminalOutlinedIcon />} onClick={() => setDialog('log')}>
            {t('log')}
          </Button>
          <Button startIcon={<HistoryIcon />} onClick={() => setDialog('history')}>
            {translate('history.action')}
          </Button>
          {build.status === 'done' && !build.is_removed && (
            <Button
              startIcon={<DownloadIcon />}
              href={downloadUrl(window.location.origin, build.uuid)}
              download
            >
              {t('download')}
            </Button>
          )}
        </Stack>
      </CardContent>
      {dialog === 'history' && (
        <BuildHistoryDialog
          buildId={build.id}
          subtitle={name}
          onClose={() => setDialog(undefined)}
          onOpenLog={() => setDialog('log')}
        />
      )}
      {dialog === 'log' && (
        <BuildLogDialog buildId={build.id} open onClose={() => setDialog(undefined)} subtitle={name} />
      )}
    </Card>
  );
};
