// The /tasks page's state, shared by its top panel and its list: the tab (in the URL, so the header's My tasks
// button can open /tasks?tab=my), the filters (search, favourites) and the selection (react-admin's store).
import { useCallback } from 'react';
import { type ListParams, useRecordSelection, useStore } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { listDefaults, withFilter } from '../../ui/listPanel/listParams';

export type TasksTab = 'my' | 'all';

/** Each tab lists its own resource (see dataProvider/paths.ts): the account's tasks, or everyone's. */
export const TAB_RESOURCE: Record<TasksTab, string> = { my: 'tasks', all: 'allTasks' };
export const tasksStoreKey = (tab: TasksTab) => `tasks.${tab}.list`;

export interface TasksFilter {
  search?: string;
  is_favorite?: boolean;
}

const DEFAULT_PARAMS = listDefaults('id', 'DESC');

/** The tab of ?tab=…: 'all' only for those who may see all tasks, 'my' otherwise. */
export function useTasksTab(seesAll: boolean): [TasksTab, (tab: TasksTab) => void] {
  const [params, setParams] = useSearchParams();
  const tab: TasksTab = seesAll && params.get('tab') === 'all' ? 'all' : 'my';
  const setTab = useCallback(
    (next: TasksTab) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next);
        return updated;
      }),
    [setParams],
  );
  return [tab, setTab];
}

/**
 * The search and favourites filter; a change applies to both tabs and goes back to page 1. Favourites are the
 * 'my tasks' tab's only: the all-tasks list (GET /admin/firmwares/tasks) filters by search alone.
 */
export function useTasksFilter(): [TasksFilter, (change: TasksFilter) => void] {
  const [my, setMy] = useStore<ListParams>(tasksStoreKey('my'), DEFAULT_PARAMS);
  const [, setAll] = useStore<ListParams>(tasksStoreKey('all'), DEFAULT_PARAMS);
  const setFilter = useCallback(
    (change: TasksFilter) => {
      const update = (filter: TasksFilter) => (current: ListParams | undefined) =>
        withFilter(current, DEFAULT_PARAMS, filter);
      setMy(update(change));
      if (change.search !== undefined) setAll(update({ search: change.search }));
    },
    [setMy, setAll],
  );
  return [(my?.filter ?? {}) as TasksFilter, setFilter];
}

/** The tasks selected on a tab, shared by the list's checkboxes and the top panel's selection bar. */
export const useTasksSelection = (tab: TasksTab) =>
  useRecordSelection({ resource: TAB_RESOURCE[tab], storeKey: tasksStoreKey(tab) });
