import { Tab, Tabs } from '@mui/material';
import { useCallback } from 'react';
import { usePermissions, useTranslate } from 'react-admin';
import { canAccess } from '../../../contract/can-access';
import { ExportCsvButton } from '../../custom/exports/ExportCsvButton';
import { ListPanelRow, ListSearchBox, StarFilterChip, TabBadge } from '../../ui/listPanel/ListPanel';
import { AddPartnerButton } from './AddPartnerButton';
import { type PartnersTab, usePartnersFilter, usePartnersTab, usePartnersTotal } from './partnersListState';

/** The /partners top panel (spec §2): tab 'partners' with the count, search, the VIP filter, 'add partner'. */
export const PartnersTopPanel = () => {
  const translate = useTranslate();
  const { permissions } = usePermissions();
  const [tab, setTab] = usePartnersTab();
  const [total] = usePartnersTotal();
  const [filter, setFilter] = usePartnersFilter();
  const search = useCallback((text: string) => setFilter({ search: text }), [setFilter]);
  const seesLicenses = canAccess(permissions, 'list', 'licenses');
  const current: PartnersTab = seesLicenses ? tab : 'partners';
  return (
    <ListPanelRow path="/partners">
      <Tabs
        value={current}
        onChange={(_, value: PartnersTab) => setTab(value)}
        sx={{ minHeight: 0, mr: 'auto' }}
      >
        <Tab
          value="partners"
          sx={{ minHeight: '2.5rem' }}
          label={
            <span>
              {translate('resources.partners.filters.partners')}
              <TabBadge>{total ?? '…'}</TabBadge>
            </span>
          }
        />
        {seesLicenses && (
          <Tab value="licenses" sx={{ minHeight: '2.5rem' }} label={translate('app.licenses.title')} />
        )}
      </Tabs>
      {current === 'partners' && (
        <>
          <ListSearchBox
            label={translate('resources.partners.filters.search')}
            applied={filter.search ?? ''}
            onApply={search}
          />
          <StarFilterChip
            label={translate('resources.partners.filters.by_vip')}
            on={Boolean(filter.by_vip)}
            onToggle={(on) => setFilter({ by_vip: on })}
          />
          <ExportCsvButton name="exportPartners" />
          {canAccess(permissions, 'create', 'partners') && <AddPartnerButton />}
        </>
      )}
      {current === 'licenses' && <ExportCsvButton name="exportLicenses" />}
    </ListPanelRow>
  );
};
