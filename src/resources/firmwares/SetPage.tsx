import BuildCircleOutlinedIcon from '@mui/icons-material/BuildCircleOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import LinkIcon from '@mui/icons-material/Link';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import StarIcon from '@mui/icons-material/Star';
import StarOutlineIcon from '@mui/icons-material/StarOutline';
import {
  Badge,
  Button,
  FormControlLabel,
  IconButton,
  Stack,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { type RaRecord, useGetList, useStore, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { BuildLogDialog } from '../../custom/live';
import { NotFound } from '../../custom/pages/NotFound';
import { useShowError } from '../../errors/showError';
import type { MinerModel, Series } from '../../lib/catalogue';
import { POLL_INTERVAL_MS } from '../../lib/constants';
import { PageLoading } from '../../lib/lazyPage';
import type { BuildAction } from './BuildActionsMenu';
import { BuildsTable } from './BuildsTable';
import { downloadUrl, hasActiveBuilds, missingModels, setCounters } from './buildRules';
import { EditPoolsDialog } from './EditPoolsDialog';
import { MissingModelsDialog } from './MissingModelsDialog';
import { NoBuilds } from './NoBuilds';
import { RemoveDialog } from './RemoveDialog';
import { SetActionsMenu } from './SetActionsMenu';
import { SetPageHeader } from './SetPageHeader';
import { StatusCounters } from './StatusChips';
import type { Build } from './types';
import { useBuildActions } from './useBuildActions';
import { useGroup } from './useGroup';
import { useSetActionHandler } from './useSetActionHandler';

const ALL = { page: 1, perPage: 100_000 };
const NONE: never[] = [];

/** /firmwares/:id — a set's builds by stage, their actions, the missing models and 'Build firmware'. */
export const SetPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const showError = useShowError();
  const { id = '' } = useParams();
  const groupId = Number(id);
  const group = useGroup(groupId);
  const [showRemoved, setShowRemoved] = useStore<boolean>('firmwares.builds.showRemoved', false);
  const builds = useGetList<Build>(
    'firmwares',
    {
      pagination: ALL,
      sort: { field: 'id', order: 'ASC' },
      meta: { query: { group_id: groupId, is_removed: showRemoved || undefined } },
    },
    {
      enabled: Number.isFinite(groupId) && groupId > 0,
      onError: showError,
      refetchInterval: (query) =>
        hasActiveBuilds(query.state.data?.data ?? NONE) ? POLL_INTERVAL_MS : false,
    },
  );
  const { data: models = NONE } = useGetList<MinerModel & RaRecord>('models', { pagination: ALL });
  const { data: series = NONE } = useGetList<Series & RaRecord>('series', { pagination: ALL });
  const actions = useBuildActions();
  const setActions = useSetActionHandler(() => navigate('/firmwares'));
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [removing, setRemoving] = useState<Build[]>();
  const [poolsOf, setPoolsOf] = useState<Build>();
  const [logOf, setLogOf] = useState<Build>();
  const [missingOpen, setMissingOpen] = useState(false);

  const list = builds.data ?? NONE;
  const missing = useMemo(
    () => missingModels(list, models, series, actions.isAdmin),
    [list, models, series, actions.isAdmin],
  );

  if (group.isPending) return <PageLoading />;
  if (!group.data) return <NotFound />;
  const set = group.data;
  const buildPath = `/firmwares/${set.id}/build`;

  const toggle = (build: Build) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(build.id)) next.delete(build.id);
      else next.add(build.id);
      return next;
    });
  const toggleAll = (some: Build[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const b of some)
        if (on) next.add(b.id);
        else next.delete(b.id);
      return next;
    });
  const onAction = (action: BuildAction, build: Build) => {
    if (action === 'edit') navigate(`${buildPath}?firmware_id=${build.id}`);
    else if (action === 'pools') setPoolsOf(build);
    else if (action === 'rebuild') actions.rebuild(build);
    else if (action === 'upgrade') actions.upgrade(build);
    else if (action === 'copy_link') actions.copyLink(build);
    else if (action === 'copy_uuid') actions.copyUuid(build);
    else if (action === 'download')
      window.open(downloadUrl(window.location.origin, build.uuid), '_blank', 'noopener');
    else if (action === 'logs') setLogOf(build);
    else if (action === 'remove') setRemoving([build]);
  };
  const chosen = list.filter((b) => selected.has(b.id) && !b.is_removed);
  const favorite = translate(
    set.is_favorite ? 'resources.firmwares.actions.unfavorite' : 'resources.firmwares.actions.favorite',
  );

  return (
    <>
      <SetPageHeader group={set}>
        <Tooltip title={favorite}>
          <IconButton
            aria-label={favorite}
            aria-pressed={set.is_favorite}
            onClick={() => setActions.toggleFavorite(set)}
          >
            {set.is_favorite ? <StarIcon sx={{ color: 'warning.main' }} /> : <StarOutlineIcon />}
          </IconButton>
        </Tooltip>
        <Button startIcon={<LinkIcon />} onClick={() => setActions.copyLink(set)}>
          {translate('resources.firmwares.actions.copy_link')}
        </Button>
        <Badge badgeContent={missing.length} color="primary">
          <Button
            variant="outlined"
            startIcon={<PlaylistAddIcon />}
            onClick={() => setMissingOpen(true)}
            disabled={missing.length === 0}
          >
            {translate('resources.firmwares.missing.button')}
          </Button>
        </Badge>
        <Button component={Link} to={buildPath} variant="contained" startIcon={<BuildCircleOutlinedIcon />}>
          {translate('app.build_form.actions.build')}
        </Button>
        <SetActionsMenu group={set} onAction={setActions.onAction} />
      </SetPageHeader>

      <Stack direction="row" alignItems="center" spacing={2} flexWrap="wrap" useFlexGap sx={{ py: 1.5 }}>
        <StatusCounters counters={setCounters(set, builds.data)} />
        <Typography variant="body2" color="text.secondary">
          {translate('resources.firmwares.builds_count', {
            smart_count: list.filter((b) => !b.is_removed).length,
          })}
        </Typography>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ ml: 'auto' }}>
          {chosen.length > 0 && (
            <>
              <Typography variant="body2" color="text.secondary">
                {translate('resources.firmwares.selected', { smart_count: chosen.length })}
              </Typography>
              <Button size="small" onClick={() => setSelected(new Set())}>
                {translate('resources.firmwares.actions.clear_selection')}
              </Button>
              <Button
                size="small"
                color="error"
                variant="contained"
                startIcon={<DeleteOutlineIcon />}
                onClick={() => setRemoving(chosen)}
              >
                {translate('resources.firmwares.actions.delete_selected')}
              </Button>
            </>
          )}
          <FormControlLabel
            control={
              <Switch size="small" checked={showRemoved} onChange={(e) => setShowRemoved(e.target.checked)} />
            }
            label={translate('resources.firmwares.show_removed')}
            sx={{ mr: 0, '& .MuiFormControlLabel-label': { fontSize: '0.875rem' } }}
          />
        </Stack>
      </Stack>

      {builds.isPending ? (
        <PageLoading />
      ) : list.length === 0 ? (
        <NoBuilds buildPath={buildPath} />
      ) : (
        <BuildsTable
          builds={list}
          selected={selected}
          onToggle={toggle}
          onToggleAll={toggleAll}
          onAction={onAction}
        />
      )}

      {setActions.dialogs}
      <RemoveDialog
        open={Boolean(removing)}
        title={translate('resources.firmwares.remove.builds_title', { smart_count: removing?.length ?? 0 })}
        content={translate('resources.firmwares.remove.builds_content', {
          smart_count: removing?.length ?? 0,
        })}
        warning={
          removing?.some((b) => b.status === 'pending' || b.status === 'in_progress')
            ? translate('resources.firmwares.remove.running', { smart_count: removing.length })
            : undefined
        }
        onClose={() => setRemoving(undefined)}
        onConfirm={async (fullClean) => {
          if (removing && (await actions.remove(removing, fullClean))) setSelected(new Set());
        }}
      />
      <EditPoolsDialog
        build={poolsOf}
        onClose={() => setPoolsOf(undefined)}
        onSaved={() => setPoolsOf(undefined)}
      />
      {logOf && (
        <BuildLogDialog
          buildId={logOf.id}
          open
          onClose={() => setLogOf(undefined)}
          subtitle={`${set.name} · ${logOf.model} · ${logOf.release_version}`}
        />
      )}
      <MissingModelsDialog
        open={missingOpen}
        models={missing}
        onClose={() => setMissingOpen(false)}
        onPick={(model) => navigate(`${buildPath}?model=${encodeURIComponent(model)}`)}
      />
    </>
  );
};
