import { Tab, Tabs } from '@mui/material';
import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { BADGE_CAPS } from '../../../contract/constants';
import { capBadge } from '../../ui/badge';
import { ListPanelRow, ListSearchBox, StarFilterChip, TabBadge } from '../../ui/listPanel/ListPanel';
import { NewSetButton } from './NewSetButton';
import { useSetsFilter, useSetsTotal } from './setsListState';

/** The /firmwares top panel (spec §2): tab 'my sets' with its count (capped at 999), favourites, search, 'new set'. */
export const SetsTopPanel = () => {
  const translate = useTranslate();
  const [total] = useSetsTotal();
  const [filter, setFilter] = useSetsFilter();
  const search = useCallback((text: string) => setFilter({ search: text }), [setFilter]);
  return (
    <ListPanelRow path="/firmwares">
      <Tabs value="mine" sx={{ minHeight: 0, mr: 'auto' }}>
        <Tab
          value="mine"
          sx={{ minHeight: '2.5rem' }}
          label={
            <span>
              {translate('resources.firmwares.filters.my_sets')}
              <TabBadge testId="sets-count">
                {total === undefined ? '…' : capBadge(total, BADGE_CAPS.sets)}
              </TabBadge>
            </span>
          }
        />
      </Tabs>
      <ListSearchBox
        label={translate('resources.firmwares.filters.search')}
        applied={filter.search ?? ''}
        onApply={search}
      />
      <StarFilterChip
        color="warning"
        label={translate('resources.firmwares.filters.favorites')}
        on={Boolean(filter.is_favorite)}
        onToggle={(on) => setFilter({ is_favorite: on })}
      />
      <NewSetButton />
    </ListPanelRow>
  );
};
