import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import { Box, Button, Card, Stack, Typography } from '@mui/material';
import { useDeferredValue, useEffect, useState } from 'react';
import { List, Pagination, useListContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { PAGE_SIZE } from '../../../contract/constants';
import { useShowError } from '../../dataProvider/showError';
import { useShowRemoved } from '../../layout/usePreferences';
import { SetFormDialog } from './SetFormDialog';
import { SetRow } from './SetRow';
import { SETS_LIST_KEY, useSetsTotal } from './setsListState';
import type { BuildSet } from './types';
import { useSetActionHandler } from './useSetActionHandler';

/** Hands the list's total to the top panel's 'my sets' badge. */
const PublishTotal = () => {
  const { total } = useListContext();
  const [, setTotal] = useSetsTotal();
  useEffect(() => {
    if (total !== undefined) setTotal(total);
  }, [total, setTotal]);
  return null;
};

const EmptyState = ({ filtered }: { filtered: boolean }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  return (
    <Card sx={{ mt: 1, width: '100%' }}>
      <Stack
        alignItems="center"
        spacing={1.5}
        sx={{ py: 7, px: 2, color: 'text.secondary', textAlign: 'center' }}
      >
        <CreateNewFolderOutlinedIcon sx={{ fontSize: '3rem', opacity: 0.5 }} />
        <Typography variant="h6" component="p" color="text.primary">
          {translate(filtered ? 'resources.firmwares.empty_filtered' : 'resources.firmwares.empty')}
        </Typography>
        {!filtered && (
          <>
            <Typography sx={{ maxWidth: '28rem' }}>{translate('resources.firmwares.empty_hint')}</Typography>
            <Button
              variant="contained"
              startIcon={<CreateNewFolderOutlinedIcon />}
              onClick={() => setCreating(true)}
            >
              {translate('resources.firmwares.actions.new_set')}
            </Button>
          </>
        )}
      </Stack>
      <SetFormDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(g) => navigate(`/firmwares/${g.id}`)}
      />
    </Card>
  );
};

const SetRows = () => {
  // Deferred: when a page of sets arrives, React draws its rows in slices of a few milliseconds in the
  // background rather than in one long task (issue 14).
  const { data, isPending, filterValues } = useDeferredValue(useListContext<BuildSet>());
  const { onAction, toggleFavorite, copyLink, dialogs } = useSetActionHandler();
  if (isPending) return null;
  if (!data?.length)
    return <EmptyState filtered={Object.keys(filterValues ?? {}).some((k) => k !== 'is_removed')} />;
  return (
    <Card sx={{ width: '100%' }}>
      <Box role="list" aria-label="sets">
        {data.map((set) => (
          <Box role="listitem" key={set.id}>
            <SetRow set={set} onAction={onAction} onFavorite={toggleFavorite} onCopyLink={copyLink} />
          </Box>
        ))}
      </Box>
      {dialogs}
    </Card>
  );
};

/** /firmwares: my sets, 20 a page from the server, filtered by the top panel's search and favourites toggle. */
export const SetList = () => {
  const showError = useShowError();
  const [showRemoved] = useShowRemoved();
  return (
    <List<BuildSet>
      resource="groups"
      storeKey={SETS_LIST_KEY}
      disableSyncWithLocation
      perPage={PAGE_SIZE}
      filter={showRemoved ? { is_removed: true } : undefined}
      actions={false}
      empty={false}
      title="app.routes.firmwares.title"
      pagination={<Pagination rowsPerPageOptions={[]} />}
      queryOptions={{ onError: showError }}
      sx={{
        '& .RaList-main': { mt: 1 },
        '& .RaList-content': { bgcolor: 'transparent', boxShadow: 'none', border: 0 },
      }}
    >
      <PublishTotal />
      <SetRows />
    </List>
  );
};
