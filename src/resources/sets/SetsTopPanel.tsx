import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import { Button, Tab, Tabs } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { BADGE_CAPS } from '../../../contract/constants';
import { capBadge } from '../../layout/badge';
import { ListPanelRow, ListSearchBox, StarFilterChip, TabBadge } from '../../layout/listPanel/ListPanel';
import { SetFormDialog } from './SetFormDialog';
import { useSetsFilter, useSetsTotal } from './setsListState';

/** The /firmwares top panel (spec §2): tab 'my sets' with its count (capped at 999), favourites, search, 'new set'. */
export const SetsTopPanel = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [total] = useSetsTotal();
  const [filter, setFilter] = useSetsFilter();
  const [creating, setCreating] = useState(false);
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
      <Button
        variant="contained"
        startIcon={<CreateNewFolderOutlinedIcon />}
        onClick={() => setCreating(true)}
      >
        {translate('resources.firmwares.actions.new_set')}
      </Button>
      <SetFormDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(g) => navigate(`/firmwares/${g.id}`)}
      />
    </ListPanelRow>
  );
};
