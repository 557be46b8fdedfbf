import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import { Avatar, Card, IconButton, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import {
  DataTable,
  List,
  Pagination,
  useCanAccess,
  useListContext,
  usePermissions,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { PAGE_SIZE } from '../../../contract/constants';
import { RestoreButton } from '../../custom/restore/RestoreButton';
import { useShowError } from '../../dataProvider/showError';
import { useShowRemoved } from '../../layout/usePreferences';
import { HintTooltip } from '../../ui/HintTooltip';
import { useListUrl } from '../../ui/listPanel/useListUrl';
import { showFrom } from '../../ui/responsive';
import { AddPartnerButton } from './AddPartnerButton';
import { LastActive } from './LastActive';
import { PartnerFeeSummary, PartnerStatusChips } from './PartnerChips';
import {
  DEFAULT_PARAMS,
  PARTNERS_LIST_KEY,
  PARTNERS_URL_FILTERS,
  usePartnersTotal,
} from './partnersListState';
import type { Partner } from './types';

/** Hands the list's total to the top panel's tab badge. */
const PublishTotal = () => {
  const { total } = useListContext();
  const [, setTotal] = usePartnersTotal();
  useEffect(() => {
    if (total !== undefined) setTotal(total);
  }, [total, setTotal]);
  return null;
};

const Worker = ({ partner }: { partner: Partner }) => (
  <Stack direction="row" spacing={1.25} alignItems="center">
    <Avatar sx={{ width: '2rem', height: '2rem', fontSize: '0.875rem', bgcolor: 'primary.main' }}>
      {(partner.worker || partner.email).slice(0, 1).toUpperCase()}
    </Avatar>
    <Typography variant="body2" sx={{ fontWeight: 600 }}>
      {partner.worker || '—'}
    </Typography>
  </Stack>
);

/** Admins: the partner's sets, builds and tasks (/partners/:id/show); nothing for a removed partner. */
const OpenSets = ({ partner }: { partner: Partner }) => {
  const translate = useTranslate();
  if (partner.is_removed) return null;
  const title = translate('app.partners.view.open');
  return (
    <HintTooltip title={title}>
      <IconButton
        component={Link}
        to={`/partners/${partner.id}/show`}
        aria-label={`${title}: ${partner.worker || partner.email}`}
        onClick={(e) => e.stopPropagation()}
      >
        <FolderOpenOutlinedIcon />
      </IconButton>
    </HintTooltip>
  );
};

const Empty = () => {
  const translate = useTranslate();
  const { canAccess: canCreate } = useCanAccess({ resource: 'partners', action: 'create' });
  return (
    <Card sx={{ mt: 1, width: '100%' }}>
      <Stack alignItems="center" spacing={1.5} sx={{ py: 6, color: 'text.secondary' }}>
        <PeopleAltOutlinedIcon sx={{ fontSize: '3rem', opacity: 0.5 }} />
        <Typography>{translate('app.partners.empty')}</Typography>
        {canCreate && <AddPartnerButton />}
      </Stack>
    </Card>
  );
};

/** The partners, 20 a page from the server (x-total-count), filtered by the top panel's search and VIP switch. */
export const PartnersTable = () => {
  const translate = useTranslate();
  const showError = useShowError();
  const { canAccess: canEdit } = useCanAccess({ resource: 'partners', action: 'edit' });
  const { permissions } = usePermissions();
  const [showRemoved] = useShowRemoved();
  const urlRead = useListUrl(PARTNERS_LIST_KEY, DEFAULT_PARAMS, PARTNERS_URL_FILTERS);
  const label = (field: string) => translate(`resources.partners.fields.${field}`);
  // A removed partner opens nothing: it is restored first.
  const rowClick = canEdit
    ? (_id: unknown, _r: unknown, p: Partner) => (p.is_removed ? false : 'edit')
    : false;
  if (!urlRead) return null;
  return (
    <List<Partner>
      resource="partners"
      storeKey={PARTNERS_LIST_KEY}
      disableSyncWithLocation
      filter={showRemoved ? { include_removed: true } : undefined}
      perPage={PAGE_SIZE}
      actions={false}
      empty={<Empty />}
      pagination={<Pagination rowsPerPageOptions={[]} />}
      queryOptions={{ onError: showError }}
      sx={{ '& .RaList-main': { mt: 1, minWidth: 0 }, '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}
    >
      <PublishTotal />
      <DataTable<Partner> rowClick={rowClick} bulkActionButtons={false}>
        <DataTable.Col<Partner>
          source="worker"
          label={label('worker')}
          disableSort
          render={(p) => <Worker partner={p} />}
        />
        <DataTable.Col<Partner> source="email" label={label('email')} disableSort sx={showFrom('md')} />
        <DataTable.Col<Partner>
          source="fee"
          label={label('fee')}
          disableSort
          // Below 992 px the status (and a removed partner's restore button) needs the room; the fees are on
          // the partner's page.
          sx={showFrom('lg')}
          render={(p) => <PartnerFeeSummary partner={p} />}
        />
        <DataTable.Col<Partner>
          source="last_active"
          sx={showFrom('lg')}
          label={label('last_active')}
          disableSort
          render={(p) => <LastActive value={p.last_active} />}
        />
        <DataTable.Col<Partner>
          label={label('status')}
          disableSort
          render={(p) => (
            <Stack direction="row" spacing={0.5} alignItems="center">
              {/* Issue 17: first in the row, so it shows on narrow screens too. */}
              {p.is_removed && permissions === 'admin' && (
                <RestoreButton kind="partner" id={p.id} name={p.email} compact />
              )}
              <PartnerStatusChips partner={p} />
            </Stack>
          )}
        />
        {permissions === 'admin' && (
          <DataTable.Col<Partner>
            label=""
            disableSort
            align="right"
            render={(p) => <OpenSets partner={p} />}
          />
        )}
      </DataTable>
    </List>
  );
};
