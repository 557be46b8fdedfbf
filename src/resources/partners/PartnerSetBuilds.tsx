import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Alert, Box, Button, Card, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useGetList, useTranslate } from 'react-admin';
import { BuildLogDialog } from '../../custom/live';
import { useShowError } from '../../errors/showError';
import { POLL_INTERVAL_MS } from '../../lib/constants';
import { PageLoading } from '../../lib/lazyPage';
import { type BuildAction, HiddenBuildActions } from '../firmwares/BuildActionsMenu';
import { BuildsTable } from '../firmwares/BuildsTable';
import { downloadUrl, hasActiveBuilds, setCounters } from '../firmwares/buildRules';
import { EditPoolsDialog } from '../firmwares/EditPoolsDialog';
import { RemoveDialog } from '../firmwares/RemoveDialog';
import { SetActionsMenu } from '../firmwares/SetActionsMenu';
import { StatusCounters } from '../firmwares/StatusChips';
import type { Build, Group } from '../firmwares/types';
import { useBuildActions } from '../firmwares/useBuildActions';
import { useSetActionHandler } from '../firmwares/useSetActionHandler';
import { PARTNER_SET_REMOVED } from './PartnerSets';

const ALL = { page: 1, perPage: 100_000 };
const NONE: Build[] = [];
// The build form and 'upgrade' work on the admin's own sets (client paths); here builds are edited by their pools.
const HIDDEN = new Set<BuildAction>(['edit', 'upgrade']);

/** The partner's set: the admin list has no read of one set, so its (removed included) list is searched. */
function usePartnerGroup(userId: number, groupId: number) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: ['partnerGroups', 'one', userId, groupId],
    queryFn: async () => {
      const { data } = await dataProvider.getList<Group>('partnerGroups', {
        pagination: ALL,
        sort: { field: 'id', order: 'DESC' },
        filter: { is_removed: true },
        meta: { user_id: userId },
      });
      return data.find((g) => Number(g.id) === groupId) ?? null;
    },
  });
}

/** A partner's set (admins): its builds by stage (GET /admin/firmwares?group_id=) with their admin actions. */
export const PartnerSetBuilds = ({
  userId,
  groupId,
  onBack,
}: {
  userId: number;
  groupId: number;
  onBack: () => void;
}) => {
  const translate = useTranslate();
  const showError = useShowError();
  const group = usePartnerGroup(userId, groupId);
  const [showRemoved, setShowRemoved] = useState(false);
  const builds = useGetList<Build>(
    'firmwares',
    {
      pagination: ALL,
      sort: { field: 'id', order: 'ASC' },
      meta: { query: { group_id: groupId, is_removed: showRemoved || undefined } },
    },
    {
      onError: showError,
      refetchInterval: (query) =>
        hasActiveBuilds(query.state.data?.data ?? NONE) ? POLL_INTERVAL_MS : false,
    },
  );
  const actions = useBuildActions();
  const setActions = useSetActionHandler(onBack, PARTNER_SET_REMOVED);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [removing, setRemoving] = useState<Build[]>();
  const [poolsOf, setPoolsOf] = useState<Build>();
  const [logOf, setLogOf] = useState<Build>();

  if (group.isPending) return <PageLoading />;
  const set = group.data;
  const list = builds.data ?? NONE;
  const chosen = list.filter((b) => selected.has(b.id) && !b.is_removed);
  const toggleAll = (some: Build[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const b of some)
        if (on) next.add(b.id);
        else next.delete(b.id);
      return next;
    });
  const onAction = (action: BuildAction, build: Build) => {
    if (action === 'pools') setPoolsOf(build);
    else if (action === 'rebuild') actions.rebuild(build);
    else if (action === 'copy_link') actions.copyLink(build);
    else if (action === 'copy_uuid') actions.copyUuid(build);
    else if (action === 'download')
      window.open(downloadUrl(window.location.origin, build.uuid), '_blank', 'noopener');
    else if (action === 'logs') setLogOf(build);
    else if (action === 'remove') setRemoving([build]);
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack}>
          {translate('app.partners.view.back_to_sets')}
        </Button>
        {set && (
          <>
            <Typography variant="h6" component="h2" sx={{ ml: 1, wordBreak: 'break-word' }}>
              {set.name}
            </Typography>
            <StatusCounters counters={setCounters(set, builds.data)} />
            <Box sx={{ ml: 'auto' }}>
              <SetActionsMenu group={set} onAction={setActions.onAction} />
            </Box>
          </>
        )}
      </Stack>
      {!set ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {translate('ra.notification.item_doesnt_exist')}
        </Alert>
      ) : (
        <>
          <Stack direction="row" alignItems="center" sx={{ py: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {translate('resources.firmwares.builds_count', {
                smart_count: list.filter((b) => !b.is_removed).length,
              })}
            </Typography>
            {chosen.length > 0 && (
              <Button
                size="small"
                color="error"
                variant="contained"
                startIcon={<DeleteOutlineIcon />}
                onClick={() => setRemoving(chosen)}
                sx={{ ml: 'auto' }}
              >
                {translate('resources.firmwares.actions.delete_selected')}
              </Button>
            )}
            <FormControlLabel
              control={
                <Switch
                  size="small"
                  checked={showRemoved}
                  onChange={(e) => setShowRemoved(e.target.checked)}
                />
              }
              label={translate('resources.firmwares.show_removed')}
              sx={{
                ml: chosen.length > 0 ? 2 : 'auto',
                mr: 0,
                '& .MuiFormControlLabel-label': { fontSize: '0.875rem' },
              }}
            />
          </Stack>
          {builds.isPending ? (
            <PageLoading />
          ) : list.length === 0 ? (
            <Card sx={{ py: 5, textAlign: 'center', color: 'text.secondary' }}>
              {translate('app.partners.view.no_builds')}
            </Card>
          ) : (
            <HiddenBuildActions.Provider value={HIDDEN}>
              <BuildsTable
                builds={list}
                selected={selected}
                onToggle={(b) => toggleAll([b], !selected.has(b.id))}
                onToggleAll={toggleAll}
                onAction={onAction}
              />
            </HiddenBuildActions.Provider>
          )}
        </>
      )}
      {setActions.dialogs}
      <RemoveDialog
        open={Boolean(removing)}
        title={translate('resources.firmwares.remove.builds_title', { smart_count: removing?.length ?? 0 })}
        content={translate('resources.firmwares.remove.builds_content', {
          smart_count: removing?.length ?? 0,
        })}
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
          subtitle={`${set?.name ?? ''} · ${logOf.model} · ${logOf.release_version}`}
        />
      )}
    </Box>
  );
};
