import ClearIcon from '@mui/icons-material/Clear';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDeleteMany, useNotify, useTranslate } from 'react-admin';
import { BADGE_CAPS } from '../../../contract/constants';
import { useShowError } from '../../dataProvider/showError';
import { capBadge } from '../../ui/badge';
import { TAB_RESOURCE, type TasksTab, useTasksSelection } from './tasksListState';

/**
 * While tasks are selected (spec §2 /tasks): the clear-selection button with the count (capped at 99) and the
 * danger button 'remove tasks' (DELETE /client/firmware/tasks?ids=…, after a confirmation).
 */
export const TaskSelectionBar = ({ tab }: { tab: TasksTab }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const showError = useShowError();
  const [selected, { clearSelection }] = useTasksSelection(tab);
  const [confirming, setConfirming] = useState(false);
  const [deleteMany, { isPending }] = useDeleteMany();
  if (selected.length === 0) return null;
  const count = capBadge(selected.length, BADGE_CAPS.selectedTasks);

  const remove = () =>
    deleteMany(
      TAB_RESOURCE[tab],
      { ids: selected },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirming(false);
          clearSelection();
          notify('app.tasks.removed', { type: 'success', messageArgs: { smart_count: selected.length } });
        },
        onError: (error) => {
          setConfirming(false);
          showError(error);
        },
      },
    );

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ClearIcon />}
        onClick={() => clearSelection()}
        aria-label={translate('app.tasks.clear_selection', { count })}
        sx={{ bgcolor: 'background.paper' }}
      >
        {translate('app.tasks.selected', { count })}
      </Button>
      <Button
        variant="contained"
        color="error"
        startIcon={<DeleteOutlineIcon />}
        onClick={() => setConfirming(true)}
        disabled={isPending}
      >
        {translate('app.tasks.remove')}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title="app.tasks.confirm.remove_title"
        titleTranslateOptions={{ smart_count: selected.length }}
        content="app.tasks.confirm.remove_content"
        contentTranslateOptions={{ smart_count: selected.length }}
        confirm="app.tasks.remove"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};
