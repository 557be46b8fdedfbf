import LinkIcon from '@mui/icons-material/Link';
import { Box, Card, Checkbox, Chip, IconButton, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDates } from '../../i18n/dates';
import { HintTooltip } from '../../ui/HintTooltip';
import { SmallTable } from '../../ui/SmallTable';
import { ReleaseStageChip } from '../releases/ReleaseStageChip';
import type { Build } from '../sets/types';
import { QueueEstimate } from '../tasks/QueueEstimate';
import { type BuildAction, BuildActionsMenu } from './BuildActionsMenu';
import { formatBytes, groupByStage, type StageGroup } from './buildRules';
import { AgentLostNote } from './history/AgentLostNote';
import { BuildProgress, BuildStatusChip } from './StatusChips';

const HIDE_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } };

const BuildRow = ({
  build,
  selected,
  onToggle,
  onAction,
}: {
  build: Build;
  selected: boolean;
  onToggle: (build: Build) => void;
  onAction: (action: BuildAction, build: Build) => void;
}) => {
  const translate = useTranslate();
  const dates = useDates();
  const date = build.updated_at ?? build.created_at;
  return (
    <TableRow hover selected={selected} data-testid="build-row" sx={{ opacity: build.is_removed ? 0.55 : 1 }}>
      <TableCell padding="checkbox">
        <Checkbox
          checked={selected}
          onChange={() => onToggle(build)}
          disabled={build.is_removed}
          slotProps={{
            input: { 'aria-label': translate('resources.firmwares.select_build', { name: build.model }) },
          }}
        />
      </TableCell>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {build.model}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {build.platform} · {build.install_type}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
          {build.release_version} · {build.stage}
        </Typography>
      </TableCell>
      <TableCell sx={HIDE_ON_PHONE}>
        <Stack direction="row" spacing={1} alignItems="center">
          <Typography variant="body2">{build.release_version}</Typography>
          <ReleaseStageChip stage={build.stage} stageNumber={0} />
        </Stack>
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.75} alignItems="center" flexWrap="wrap" useFlexGap>
          <BuildStatusChip build={build} />
          {build.is_updating && (
            <Chip size="small" label={translate('resources.firmwares.status.updating')} />
          )}
          {build.is_removed && <Chip size="small" label={translate('resources.firmwares.removed')} />}
        </Stack>
        <BuildProgress build={build} />
        <AgentLostNote item={build} />
        <QueueEstimate item={build} />
      </TableCell>
      <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' }, whiteSpace: 'nowrap' }}>
        <Typography variant="body2">{formatBytes(build.file_size, dates.locale)}</Typography>
        <Typography variant="caption" color="text.secondary" title={dates.format(date, 'exact')}>
          {dates.format(date, 'dateTime')}
        </Typography>
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <HintTooltip title={translate('resources.firmwares.build_actions.copy_link')}>
          <span>
            <IconButton
              size="small"
              disabled={build.is_removed}
              aria-label={`${translate('resources.firmwares.build_actions.copy_link')}: ${build.model}`}
              onClick={() => onAction('copy_link', build)}
            >
              <LinkIcon fontSize="small" />
            </IconButton>
          </span>
        </HintTooltip>
        <BuildActionsMenu build={build} onAction={onAction} />
      </TableCell>
    </TableRow>
  );
};

const GroupTable = ({
  group,
  builds,
  selected,
  onToggle,
  onToggleAll,
  onAction,
}: {
  group: StageGroup;
  builds: Build[];
  selected: ReadonlySet<number>;
  onToggle: (build: Build) => void;
  onToggleAll: (builds: Build[], on: boolean) => void;
  onAction: (action: BuildAction, build: Build) => void;
}) => {
  const translate = useTranslate();
  const selectable = builds.filter((b) => !b.is_removed);
  const chosen = selectable.filter((b) => selected.has(b.id)).length;
  const t = (key: string) => translate(`resources.firmwares.${key}`);
  return (
    <Card component="section" aria-label={t(`stage_groups.${group}`)}>
      <Stack direction="row" alignItems="baseline" spacing={1} sx={{ px: 2, pt: 1.5, pb: 0.5 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t(`stage_groups.${group}`)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {builds.length}
        </Typography>
      </Stack>
      <SmallTable
        head={
          <>
            <TableCell padding="checkbox">
              <Checkbox
                checked={selectable.length > 0 && chosen === selectable.length}
                indeterminate={chosen > 0 && chosen < selectable.length}
                disabled={selectable.length === 0}
                onChange={(event) => onToggleAll(selectable, event.target.checked)}
                slotProps={{ input: { 'aria-label': t('select_all') } }}
              />
            </TableCell>
            <TableCell>{t('fields.model')}</TableCell>
            <TableCell sx={HIDE_ON_PHONE}>{t('fields.release_id')}</TableCell>
            <TableCell>{t('fields.status')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>{t('fields.file')}</TableCell>
            <TableCell align="right">{t('fields.actions')}</TableCell>
          </>
        }
      >
        {builds.map((build) => (
          <BuildRow
            key={build.id}
            build={build}
            selected={selected.has(build.id)}
            onToggle={onToggle}
            onAction={onAction}
          />
        ))}
      </SmallTable>
    </Card>
  );
};

/** A set's builds grouped by stage (spec §4): stable and prerelease; test (alpha, beta, rc); dev. */
export const BuildsTable = ({
  builds: all,
  controls,
}: {
  builds: Build[];
  /** The selection and the actions (a set's builds controls). */
  controls: {
    selected: ReadonlySet<number>;
    toggle: (build: Build) => void;
    toggleAll: (builds: Build[], on: boolean) => void;
    onAction: (action: BuildAction, build: Build) => void;
  };
}) => (
  <Box sx={{ display: 'grid', gap: 2 }}>
    {groupByStage(all).map(({ group, builds }) => (
      <GroupTable
        key={group}
        group={group}
        builds={builds}
        selected={controls.selected}
        onToggle={controls.toggle}
        onToggleAll={controls.toggleAll}
        onAction={controls.onAction}
      />
    ))}
  </Box>
);
