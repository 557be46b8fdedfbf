import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import { Button, Card, Stack, Typography } from '@mui/material';
import { DataTable, List, Pagination, useCanAccess, useTranslate } from 'react-admin';
import { PAGE_SIZE } from '../../../contract/constants';
import { useShowError } from '../../dataProvider/showError';
import { showFrom } from '../../ui/responsive';
import { TaskProgress, TaskSet, TaskStatusChip, TaskTimes } from './TaskCells';
import { TaskRowActions } from './TaskRowActions';
import { TAB_RESOURCE, type TasksTab, tasksStoreKey, useTasksFilter, useTasksTab } from './tasksListState';
import type { Task } from './types';

/** No tasks at all, or none matching the search and favourites (with a way back). */
const Empty = ({ filtered }: { filtered: boolean }) => {
  const translate = useTranslate();
  const [, setFilter] = useTasksFilter();
  return (
    <Card sx={{ mt: filtered ? 0 : 1, width: '100%', border: filtered ? 0 : undefined }}>
      <Stack alignItems="center" spacing={1.5} sx={{ py: 6, color: 'text.secondary', textAlign: 'center' }}>
        <AssignmentOutlinedIcon sx={{ fontSize: '3rem', opacity: 0.5 }} />
        <Typography>{translate(filtered ? 'app.tasks.empty_filtered' : 'app.tasks.empty')}</Typography>
        {filtered && (
          <Button onClick={() => setFilter({ search: '', is_favorite: false })}>
            {translate('ra.navigation.clear_filters')}
          </Button>
        )}
      </Stack>
    </Card>
  );
};

const Text = ({ value }: { value: string | null | undefined }) => (
  <Typography variant="body2" color={value ? 'text.primary' : 'text.secondary'} sx={{ whiteSpace: 'nowrap' }}>
    {value || '—'}
  </Typography>
);

const TasksTable = ({ tab }: { tab: TasksTab }) => {
  const translate = useTranslate();
  const showError = useShowError();
  const [filter] = useTasksFilter();
  const label = (field: string) => translate(`resources.tasks.fields.${field}`);
  return (
    <List<Task>
      key={tab}
      resource={TAB_RESOURCE[tab]}
      storeKey={tasksStoreKey(tab)}
      disableSyncWithLocation
      perPage={PAGE_SIZE}
      actions={false}
      empty={<Empty filtered={Boolean(filter.search || (tab === 'my' && filter.is_favorite))} />}
      pagination={<Pagination rowsPerPageOptions={[]} />}
      queryOptions={{ onError: showError }}
      sx={{ '& .RaList-main': { mt: 1, minWidth: 0 }, '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}
    >
      <DataTable<Task>
        rowClick={false}
        bulkActionButtons
        bulkActionsToolbar={false}
        empty={<Empty filtered />}
      >
        <DataTable.Col<Task>
          source="group_name"
          label={label('set')}
          disableSort
          render={(t) => <TaskSet task={t} owner={tab === 'all'} />}
        />
        <DataTable.Col<Task>
          source="model"
          sx={showFrom('md')}
          label={label('model')}
          disableSort
          render={(t) => <Text value={t.model} />}
        />
        <DataTable.Col<Task>
          source="platform"
          sx={showFrom('xl')}
          label={label('platform')}
          disableSort
          render={(t) => <Text value={`${t.platform} · ${t.install_type}`} />}
        />
        <DataTable.Col<Task>
          source="release_version"
          sx={showFrom('xl')}
          label={label('release')}
          disableSort
          render={(t) => <Text value={[t.series, t.release_version].filter(Boolean).join(' ')} />}
        />
        <DataTable.Col<Task>
          source="status"
          label={label('status')}
          disableSort
          render={(t) => <TaskStatusChip task={t} />}
        />
        <DataTable.Col<Task>
          source="progress"
          label={label('progress')}
          disableSort
          render={(t) => <TaskProgress task={t} />}
        />
        <DataTable.Col<Task>
          source="started_at"
          sx={showFrom('xxl')}
          label={label('times')}
          disableSort
          render={(t) => <TaskTimes task={t} />}
        />
        <DataTable.Col<Task>
          source="worker_name"
          sx={showFrom('xxl')}
          label={label('worker_name')}
          disableSort
          render={(t) => <Text value={t.worker_name} />}
        />
        <DataTable.Col<Task>
          label={label('actions')}
          disableSort
          align="right"
          render={(t) => <TaskRowActions task={t} />}
        />
      </DataTable>
    </List>
  );
};

/** /tasks: the build tasks, 20 a page, of the top panel's tab ('my tasks', or 'all tasks' for admins). */
export const TaskList = () => {
  const { canAccess: seesAll, isPending } = useCanAccess({ resource: 'tasks', action: 'all' });
  const [tab] = useTasksTab(Boolean(seesAll));
  if (isPending) return null;
  return <TasksTable tab={tab} />;
};
