import { Tab, Tabs } from '@mui/material';
import { useCallback } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { BADGE_CAPS } from '../../../contract/constants';
import { useTaskStatus } from '../../layout/useTaskCounters';
import { capBadge } from '../../ui/badge';
import { HintTooltip } from '../../ui/HintTooltip';
import { ListPanelRow, ListSearchBox, StarFilterChip, TabBadge } from '../../ui/listPanel/ListPanel';
import { TaskSelectionBar } from './TaskSelectionBar';
import { type TasksTab, useTasksFilter, useTasksTab } from './tasksListState';

/** A tab's badge while tasks run: how many (spec §4 Polling: the badge follows the in_progress count). */
const Count = ({ value, max }: { value: number; max: number }) => {
  const translate = useTranslate();
  if (value <= 0) return null;
  return (
    <HintTooltip title={`${translate('app.tasks.status.in_progress')}: ${value}`}>
      <TabBadge tone="info">{capBadge(value, max)}</TabBadge>
    </HintTooltip>
  );
};

/**
 * The /tasks top panel (spec §2): tab 'my tasks' (badge max 99999), tab 'all tasks' for admins (badge max
 * 999999), favourites (of the account's own sets: the 'my' tab), search; while tasks are selected, the
 * selection bar.
 */
export const TasksTopPanel = () => {
  const translate = useTranslate();
  const { canAccess: seesAll } = useCanAccess({ resource: 'tasks', action: 'all' });
  const [tab, setTab] = useTasksTab(Boolean(seesAll));
  const [filter, setFilter] = useTasksFilter();
  const search = useCallback((text: string) => setFilter({ search: text }), [setFilter]);
  const status = useTaskStatus();
  return (
    <ListPanelRow path="/tasks">
      <Tabs value={tab} onChange={(_, value: TasksTab) => setTab(value)} sx={{ minHeight: 0, mr: 'auto' }}>
        <Tab
          value="my"
          sx={{ minHeight: '2.5rem' }}
          label={
            <span>
              {translate('resources.tasks.filters.my')}
              <Count value={status.my.in_progress} max={BADGE_CAPS.myTasks} />
            </span>
          }
        />
        {seesAll && (
          <Tab
            value="all"
            sx={{ minHeight: '2.5rem' }}
            label={
              <span>
                {translate('resources.tasks.filters.all')}
                <Count value={status.all?.in_progress ?? 0} max={BADGE_CAPS.allTasks} />
              </span>
            }
          />
        )}
      </Tabs>
      <TaskSelectionBar tab={tab} />
      {tab === 'my' && (
        <StarFilterChip
          label={translate('resources.tasks.filters.favorites')}
          on={Boolean(filter.is_favorite)}
          onToggle={(on) => setFilter({ is_favorite: on })}
        />
      )}
      <ListSearchBox
        label={translate('resources.tasks.filters.search')}
        applied={filter.search ?? ''}
        onApply={search}
      />
    </ListPanelRow>
  );
};
