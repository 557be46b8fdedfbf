import BuildCircleOutlinedIcon from '@mui/icons-material/BuildCircleOutlined';
import LinkIcon from '@mui/icons-material/Link';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import StarIcon from '@mui/icons-material/Star';
import StarOutlineIcon from '@mui/icons-material/StarOutline';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import { Alert, Badge, Button, Chip, IconButton, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { type RaRecord, useGetList, usePermissions, useStore, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { MinerModel, Series } from '../../../contract/rules/catalogue';
import { PageLoading } from '../../boot/lazyPage';
import { ExportCsvButton } from '../../custom/exports/ExportCsvButton';
import { RestoreButton } from '../../custom/restore/RestoreButton';
import { WHOLE_PAGE } from '../../dataProvider/wholeList';
import { NotFound } from '../../layout/NotFound';
import { HintTooltip } from '../../ui/HintTooltip';
import { ShowRemovedSwitch } from '../../ui/ShowRemovedSwitch';
import { BuildsTable } from '../builds/BuildsTable';
import { missingModels, setCounters } from '../builds/buildRules';
import { NoBuilds } from '../builds/NoBuilds';
import { StatusCounters } from '../builds/StatusChips';
import { MissingModelsDialog } from './MissingModelsDialog';
import { SetActionsMenu } from './SetActionsMenu';
import { BuildsCount, DeleteChosenButton } from './SetBuildsBar';
import { SetPageHeader } from './SetPageHeader';
import { useSet } from './useSet';
import { useSetActionHandler } from './useSetActionHandler';
import { useBuildsControls, useSetBuildsList } from './useSetBuilds';

const NONE: never[] = [];

/** /firmwares/:id — a set's builds by stage, their actions, the missing models and 'Build firmware'. */
export const SetPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const setId = Number(id);
  const setQuery = useSet(setId);
  const [showRemovedSetting, setShowRemoved] = useStore<boolean>('firmwares.builds.showRemoved', false);
  const { permissions } = usePermissions();
  // Spec §6: removed builds are for admins only; partners have no such switch.
  const mayShowRemoved = permissions === 'admin';
  const showRemoved = mayShowRemoved && showRemovedSetting;
  const builds = useSetBuildsList(setId, showRemoved);
  const { data: models = NONE } = useGetList<MinerModel & RaRecord>('models', { pagination: WHOLE_PAGE });
  const { data: series = NONE } = useGetList<Series & RaRecord>('series', { pagination: WHOLE_PAGE });
  const setActions = useSetActionHandler(() => navigate('/firmwares'));
  const [missingOpen, setMissingOpen] = useState(false);

  const list = builds.data ?? NONE;
  const buildPath = `/firmwares/${setId}/build`;
  const controls = useBuildsControls(list, setQuery.data?.name ?? '', (action, build) => {
    if (action === 'edit') navigate(`${buildPath}?firmware_id=${build.id}`);
    else if (action === 'upgrade') controls.actions.upgrade(build);
    else return false;
    return true;
  });
  const { actions, chosen } = controls;
  const missing = useMemo(
    () => missingModels(list, models, series, actions.isAdmin),
    [list, models, series, actions.isAdmin],
  );

  if (setQuery.isPending) return <PageLoading />;
  if (!setQuery.data) return <NotFound />;
  const set = setQuery.data;
  const favorite = translate(
    set.is_favorite ? 'resources.firmwares.actions.unfavorite' : 'resources.firmwares.actions.favorite',
  );

  return (
    <>
      <SetPageHeader set={set}>
        {set.is_removed ? (
          <>
            <Chip color="default" label={translate('resources.firmwares.removed')} />
            {/* Issue 17: an admin brings a removed set back with the builds its removal took. */}
            {mayShowRemoved && <RestoreButton kind="set" id={set.id} name={set.name} />}
          </>
        ) : (
          <>
            <HintTooltip title={favorite}>
              <IconButton
                aria-label={favorite}
                aria-pressed={set.is_favorite}
                onClick={() => setActions.toggleFavorite(set)}
              >
                {set.is_favorite ? <StarIcon sx={{ color: 'warning.main' }} /> : <StarOutlineIcon />}
              </IconButton>
            </HintTooltip>
            <Button startIcon={<LinkIcon />} onClick={() => setActions.copyLink(set)}>
              {translate('resources.firmwares.actions.copy_link')}
            </Button>
            <Button component={Link} to="/verify" startIcon={<VerifiedOutlinedIcon />}>
              {translate('app.verify.link')}
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
            <Button
              component={Link}
              to={buildPath}
              variant="contained"
              startIcon={<BuildCircleOutlinedIcon />}
            >
              {translate('app.build_form.actions.build')}
            </Button>
            <SetActionsMenu
              set={set}
              onAction={setActions.onAction}
              canUpgrade={builds.data ? list.some((build) => build.newer_release) : undefined}
              releaseRemoved={list.some((build) => !build.is_removed && build.release_removed)}
            />
          </>
        )}
      </SetPageHeader>

      {set.is_removed && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {translate('resources.firmwares.removed_set')}
        </Alert>
      )}
      <Stack direction="row" alignItems="center" spacing={2} flexWrap="wrap" useFlexGap sx={{ py: 1.5 }}>
        <StatusCounters counters={setCounters(set, builds.data)} />
        {!builds.isPending && <BuildsCount builds={list} />}
        <Stack direction="row" spacing={1} alignItems="center" sx={{ ml: 'auto' }}>
          {chosen.length > 0 && (
            <>
              <Typography variant="body2" color="text.secondary">
                {translate('resources.firmwares.selected', { smart_count: chosen.length })}
              </Typography>
              <Button size="small" onClick={controls.clearSelection}>
                {translate('resources.firmwares.actions.clear_selection')}
              </Button>
              <DeleteChosenButton controls={controls} />
            </>
          )}
          {mayShowRemoved && <ShowRemovedSwitch checked={showRemoved} onChange={setShowRemoved} />}
          <ExportCsvButton
            name="exportBuilds"
            query={{ group_id: setId, is_removed: showRemoved || undefined }}
          />
        </Stack>
      </Stack>

      {builds.isPending ? (
        <PageLoading />
      ) : list.length === 0 ? (
        !set.is_removed && <NoBuilds buildPath={buildPath} />
      ) : (
        <BuildsTable builds={list} controls={controls} />
      )}

      {setActions.dialogs}
      {controls.dialogs}
      <MissingModelsDialog
        open={missingOpen}
        models={missing}
        onClose={() => setMissingOpen(false)}
        onPick={(model) => navigate(`${buildPath}?model=${encodeURIComponent(model)}`)}
      />
    </>
  );
};
