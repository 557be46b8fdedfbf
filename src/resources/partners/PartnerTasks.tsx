import { Card, CardHeader, Pagination, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { PAGE_SIZE, POLL_INTERVAL_MS } from '../../../contract/constants';
import { showFrom } from '../../ui/responsive';
import { SmallTable } from '../../ui/SmallTable';
import { TaskProgress, TaskSet, TaskStatusChip, TaskTimes } from '../tasks/TaskCells';
import type { Task } from '../tasks/types';

const SECONDARY: Record<string, ReturnType<typeof showFrom> | undefined> = {
  release: showFrom('md'),
  times: showFrom('xl'),
};

/** A partner's build tasks (GET /admin/firmwares/users/{id}/tasks), 20 a page; empty when there are none. */
export const PartnerTasks = ({ userId }: { userId: number }) => {
  const translate = useTranslate();
  const [page, setPage] = useState(1);
  const {
    data = [],
    total = 0,
    isPending,
    isError,
  } = useGetList<Task>(
    'partnerTasks',
    {
      pagination: { page, perPage: PAGE_SIZE },
      sort: { field: 'id', order: 'DESC' },
      meta: { user_id: userId },
    },
    {
      refetchInterval: (q) =>
        q.state.data?.data.some((t) => t.status === 'pending' || t.status === 'in_progress')
          ? POLL_INTERVAL_MS
          : false,
    },
  );
  const label = (field: string) => translate(`resources.tasks.fields.${field}`);
  const pages = Math.ceil(total / PAGE_SIZE);
  return (
    <Card sx={{ mt: 2 }}>
      <CardHeader
        title={translate('app.partners.view.tasks', { smart_count: isError ? 0 : total })}
        titleTypographyProps={{ variant: 'h6', component: 'h2' }}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      />
      {isPending ? null : data.length === 0 || isError ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {translate('app.partners.view.no_tasks')}
        </Typography>
      ) : (
        // Release and times step aside on narrow windows; what is left scrolls inside the card if need be.
        <SmallTable
          label={translate('app.partners.view.tasks', { smart_count: total })}
          head={['set', 'model', 'release', 'status', 'progress', 'times'].map((f) => (
            <TableCell key={f} sx={SECONDARY[f]}>
              {label(f)}
            </TableCell>
          ))}
        >
          {data.map((task) => (
            <TableRow key={task.id}>
              <TableCell>
                <TaskSet task={task} />
              </TableCell>
              <TableCell>{task.model}</TableCell>
              <TableCell sx={SECONDARY.release}>{task.release_version}</TableCell>
              <TableCell>
                <TaskStatusChip task={task} />
              </TableCell>
              <TableCell>
                <TaskProgress task={task} />
              </TableCell>
              <TableCell sx={SECONDARY.times}>
                <TaskTimes task={task} />
              </TableCell>
            </TableRow>
          ))}
        </SmallTable>
      )}
      {pages > 1 && (
        <Stack alignItems="flex-end" sx={{ p: 1.5, borderTop: 1, borderColor: 'divider' }}>
          <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} size="small" />
        </Stack>
      )}
    </Card>
  );
};
