import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import HistoryIcon from '@mui/icons-material/History';
import TerminalOutlinedIcon from '@mui/icons-material/TerminalOutlined';
import { IconButton, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { BuildLogDialog } from '../../custom/live/BuildLogDialog';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { useShowError } from '../../dataProvider/showError';
import { ActionsMenu, type MenuAction } from '../../ui/ActionsMenu';
import { HintTooltip } from '../../ui/HintTooltip';
import { downloadUrl } from '../builds/buildRules';
import { BuildHistoryDialog } from '../builds/history/BuildHistoryDialog';
import { cancelTask } from './tasksApi';
import { isCancellable, type Task } from './types';

type TaskAction = 'log' | 'history' | 'cancel';

/**
 * A task's actions: the file once done, as a button; its build log, its history and cancel (pending or running,
 * after a confirmation) in the row's menu, so that the column stays two buttons wide (issue 37, item 2.1: at
 * 1280 px four buttons were cut off).
 */
export const TaskRowActions = ({ task }: { task: Task }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const showError = useShowError();
  const httpClient = useHttpClient();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const name = `${task.group_name} · ${task.model}`;
  const items: MenuAction<TaskAction>[] = [
    { action: 'log', icon: <TerminalOutlinedIcon />, primary: translate('app.tasks.actions.log') },
    { action: 'history', icon: <HistoryIcon />, primary: translate('history.action') },
  ];
  if (isCancellable(task))
    items.push({
      action: 'cancel',
      icon: <CancelOutlinedIcon />,
      primary: translate('app.tasks.actions.cancel'),
      disabled: busy,
      divider: true,
      danger: true,
    });

  const cancel = async () => {
    setBusy(true);
    try {
      await cancelTask(httpClient, task.id);
      notify('app.tasks.cancelled', { type: 'success', messageArgs: { name } });
      await queryClient.invalidateQueries({
        predicate: (q) => ['tasks', 'allTasks'].includes(String(q.queryKey[0])),
      });
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <Stack
      direction="row"
      spacing={0.25}
      justifyContent="flex-end"
      onClick={(event) => event.stopPropagation()}
    >
      {task.status === 'done' && (
        <HintTooltip title={translate('app.tasks.actions.download')}>
          <IconButton
            size="small"
            aria-label={translate('app.tasks.actions.download')}
            href={downloadUrl(window.location.origin, task.uuid)}
            download
            color="primary"
          >
            <FileDownloadOutlinedIcon fontSize="small" />
          </IconButton>
        </HintTooltip>
      )}
      <ActionsMenu<TaskAction>
        small
        label={translate('app.tasks.actions.menu', { name })}
        items={items}
        onPick={(action) => {
          if (action === 'log') setLogOpen(true);
          else if (action === 'history') setHistoryOpen(true);
          else setConfirming(true);
        }}
      />
      <Confirm
        isOpen={confirming}
        loading={busy}
        title="app.tasks.confirm.cancel_title"
        titleTranslateOptions={{ name }}
        content="app.tasks.confirm.cancel_content"
        contentTranslateOptions={{ name }}
        confirm="app.tasks.actions.cancel"
        cancel="app.tasks.confirm.keep"
        confirmColor="warning"
        onConfirm={cancel}
        onClose={() => setConfirming(false)}
      />
      {historyOpen && (
        <BuildHistoryDialog
          buildId={task.id}
          onClose={() => setHistoryOpen(false)}
          onOpenLog={() => setLogOpen(true)}
          subtitle={name}
        />
      )}
      {logOpen && (
        <BuildLogDialog buildId={task.id} open={logOpen} onClose={() => setLogOpen(false)} subtitle={name} />
      )}
    </Stack>
  );
};
