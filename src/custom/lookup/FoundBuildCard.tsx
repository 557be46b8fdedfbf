import DownloadIcon from '@mui/icons-material/Download';
import HistoryIcon from '@mui/icons-material/History';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import TerminalOutlinedIcon from '@mui/icons-material/TerminalOutlined';
import { Box, Button, Card, CardContent, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useDates } from '../../i18n/dates';
import { downloadUrl, formatBytes } from '../../resources/builds/buildRules';
import { TaskStatusChip } from '../../resources/tasks/TaskCells';
import { AgentLostNote } from '../history/AgentLostNote';
import { BuildHistoryDialog } from '../history/BuildHistoryDialog';
import { BuildLogDialog } from '../live/BuildLogDialog';
import type { FoundBuild } from './lookupApi';

const Row = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Box
    sx={{
      display: 'grid',
      gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr' },
      gap: { xs: 0, sm: 2 },
      py: 0.5,
    }}
  >
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

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
        <Row label={t('owner')}>
          <MuiLink component={Link} to={partner}>
            {build.owner_email}
          </MuiLink>
        </Row>
        <Row label={t('set')}>
          <MuiLink component={Link} to={partner}>
            {build.group_name}
          </MuiLink>
        </Row>
        <Row label="uuid">
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {build.uuid}
          </Box>
        </Row>
        <Row label={t('build')}>
          {build.model} · {build.platform} · {build.install_type}
        </Row>
        <Row label={t('release')}>
          {build.release_version} ({build.stage})
        </Row>
        <Row label={t('status')}>
          {build.status === 'in_progress'
            ? `${build.progress}%`
            : translate(`app.tasks.state.${build.status}`)}
          <AgentLostNote item={build} />
        </Row>
        <Row label={t('file')}>
          {build.sha256 ? `${formatBytes(build.file_size)} · sha256 ${build.sha256}` : '—'}
        </Row>
        <Row label={t('updated')}>{dates.format(build.updated_at, 'dateTime')}</Row>
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
