import FolderOffOutlinedIcon from '@mui/icons-material/FolderOffOutlined';
import { Box, Card, CardHeader, Pagination, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { PAGE_SIZE } from '../../../contract/constants';
import { PageLoading } from '../../boot/lazyPage';
import { ExportCsvButton } from '../../custom/exports/ExportCsvButton';
import { useShowError } from '../../dataProvider/showError';
import { ShowRemovedSwitch } from '../../ui/ShowRemovedSwitch';
import { SetRow } from '../sets/SetRow';
import type { BuildSet } from '../sets/types';
import { useSetActionHandler } from '../sets/useSetActionHandler';

/** The warning an admin sees after removing a partner's set (spec §7 notices: 'firmware-set-removed'). */
export const PARTNER_SET_REMOVED = {
  message: 'app.notifications.firmware_set_removed',
  type: 'warning',
} as const;

/** A partner's sets (GET /admin/firmwares/users/{id}/groups), 20 a page, with the set menu's actions. */
export const PartnerSets = ({ userId, setHref }: { userId: number; setHref: (set: BuildSet) => string }) => {
  const translate = useTranslate();
  const showError = useShowError();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [showRemoved, setShowRemoved] = useState(false);
  const {
    data = [],
    total = 0,
    isPending,
  } = useGetList<BuildSet>(
    'partnerSets',
    {
      pagination: { page, perPage: PAGE_SIZE },
      sort: { field: 'id', order: 'DESC' },
      filter: { search: search.trim() || undefined, is_removed: showRemoved || undefined },
      meta: { user_id: userId },
    },
    { onError: showError },
  );
  const { onAction, toggleFavorite, copyLink, dialogs } = useSetActionHandler(undefined, PARTNER_SET_REMOVED);
  const pages = Math.ceil(total / PAGE_SIZE);

  return (
    <Card sx={{ mt: 2 }}>
      <CardHeader
        title={translate('app.partners.view.sets', { smart_count: total })}
        titleTypographyProps={{ variant: 'h6', component: 'h2' }}
        action={
          <Stack
            direction="row"
            spacing={2}
            alignItems="center"
            flexWrap="wrap"
            useFlexGap
            justifyContent="flex-end"
            sx={{ pt: 0.5 }}
          >
            <TextField
              size="small"
              type="search"
              label={translate('ra.action.search')}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
            />
            <ShowRemovedSwitch
              checked={showRemoved}
              onChange={(checked) => {
                setShowRemoved(checked);
                setPage(1);
              }}
            />
            <ExportCsvButton
              name="exportBuilds"
              query={{ user_id: userId, is_removed: showRemoved || undefined }}
            />
          </Stack>
        }
        sx={{ borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap', gap: 1 }}
      />
      {isPending ? (
        <PageLoading />
      ) : data.length === 0 ? (
        <Stack alignItems="center" spacing={1} sx={{ py: 5, color: 'text.secondary' }}>
          <FolderOffOutlinedIcon sx={{ fontSize: '2.5rem', opacity: 0.5 }} />
          <Typography>{translate('app.partners.view.no_sets')}</Typography>
        </Stack>
      ) : (
        <Box role="list" aria-label="sets">
          {data.map((set) => (
            <Box role="listitem" key={set.id}>
              <SetRow
                set={set}
                href={setHref(set)}
                onAction={onAction}
                onFavorite={toggleFavorite}
                onCopyLink={copyLink}
              />
            </Box>
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Stack alignItems="flex-end" sx={{ p: 1.5, borderTop: 1, borderColor: 'divider' }}>
          <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} size="small" />
        </Stack>
      )}
      {dialogs}
    </Card>
  );
};
