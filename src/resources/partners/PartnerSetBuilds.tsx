import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Card, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { PageLoading } from '../../boot/lazyPage';
import { ExportCsvButton } from '../../custom/exports/ExportCsvButton';
import { WHOLE_PAGE } from '../../dataProvider/wholeList';
import { RecordMissing } from '../../ui/RecordMissing';
import { ShowRemovedSwitch } from '../../ui/ShowRemovedSwitch';
import { type BuildAction, HiddenBuildActions } from '../builds/BuildActionsMenu';
import { BuildsTable } from '../builds/BuildsTable';
import { setCounters } from '../builds/buildRules';
import { StatusCounters } from '../builds/StatusChips';
import { SetActionsMenu } from '../sets/SetActionsMenu';
import { BuildsCount, DeleteChosenButton } from '../sets/SetBuildsBar';
import type { Build, BuildSet } from '../sets/types';
import { useSetActionHandler } from '../sets/useSetActionHandler';
import { useBuildsControls, useSetBuildsList } from '../sets/useSetBuilds';
import { PARTNER_SET_REMOVED } from './PartnerSets';

const NONE: Build[] = [];
// The build form and 'upgrade' work on the admin's own sets (client paths); here builds are edited by their pools.
const HIDDEN = new Set<BuildAction>(['edit', 'upgrade']);

/** The partner's set: the admin list has no read of one set, so its (removed included) list is searched. */
function usePartnerSet(userId: number, setId: number) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: ['partnerSets', 'one', userId, setId],
    queryFn: async () => {
      const { data } = await dataProvider.getList<BuildSet>('partnerSets', {
        pagination: WHOLE_PAGE,
        sort: { field: 'id', order: 'DESC' },
        filter: { is_removed: true },
        meta: { user_id: userId },
      });
      return data.find((g) => Number(g.id) === setId) ?? null;
    },
  });
}

/** A partner's set (admins): its builds by stage (GET /admin/firmwares?group_id=) with their admin actions. */
export const PartnerSetBuilds = ({
  userId,
  setId,
  onBack,
}: {
  userId: number;
  setId: number;
  onBack: () => void;
}) => {
  const translate = useTranslate();
  const setQuery = usePartnerSet(userId, setId);
  const [showRemoved, setShowRemoved] = useState(false);
  const builds = useSetBuildsList(setId, showRemoved);
  const setActions = useSetActionHandler(onBack, PARTNER_SET_REMOVED);
  const list = builds.data ?? NONE;
  const controls = useBuildsControls(list, setQuery.data?.name ?? '');
  const { chosen } = controls;

  if (setQuery.isPending) return <PageLoading />;
  const set = setQuery.data;

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
              <SetActionsMenu set={set} onAction={setActions.onAction} />
            </Box>
          </>
        )}
      </Stack>
      {!set ? (
        <RecordMissing />
      ) : (
        <>
          <Stack direction="row" alignItems="center" sx={{ py: 1 }}>
            {/* No count until the builds are in: '0 builds' while loading would be wrong. */}
            {!builds.isPending && <BuildsCount builds={list} />}
            {chosen.length > 0 && <DeleteChosenButton controls={controls} sx={{ ml: 'auto' }} />}
            <ShowRemovedSwitch
              checked={showRemoved}
              onChange={setShowRemoved}
              sx={{ ml: chosen.length > 0 ? 2 : 'auto' }}
            />
            <Box sx={{ ml: 2 }}>
              <ExportCsvButton
                name="exportBuilds"
                size="small"
                query={{ group_id: setId, user_id: userId, is_removed: showRemoved || undefined }}
              />
            </Box>
          </Stack>
          {builds.isPending ? (
            <PageLoading />
          ) : list.length === 0 ? (
            <Card sx={{ py: 5, textAlign: 'center', color: 'text.secondary' }}>
              {translate('app.partners.view.no_builds')}
            </Card>
          ) : (
            <HiddenBuildActions.Provider value={HIDDEN}>
              <BuildsTable builds={list} controls={controls} />
            </HiddenBuildActions.Provider>
          )}
        </>
      )}
      {setActions.dialogs}
      {controls.dialogs}
    </Box>
  );
};
