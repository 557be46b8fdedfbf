import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import HistoryIcon from '@mui/icons-material/History';
import TerminalOutlinedIcon from '@mui/icons-material/TerminalOutlined';
import { IconButton, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { BuildLogDialog } from '../../custom/live/BuildLogDialog';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { useShowError } from '../../dataProvider/showError';
import { HintTooltip } from '../../ui/HintTooltip';
import { downloadUrl } from '../builds/buildRules';
import { BuildHistoryDialog } from '../builds/history/BuildHistoryDialog';
import { cancelTask } from './tasksApi';
import { isCancellable, type Task } from './types';

const Action = ({
  label,
  icon,
  onClick,
  color,
  disabled,
}: {
  label: string;
  icon: ReactElement;
  onClick: () => void;
  color?: 'error';
  disabled?: boolean;
}) => (
  <HintTooltip title={label}>
    <span>
      <IconButton size="small" aria-label={label} onClick={onClick} color={color} disabled={disabled}>
        {icon}
      </IconButton>
    </span>
  </HintTooltip>
);

/** A task's actions: its build log, the file once done, and cancel (pending or running, after a confirmation). */
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
      <Action
        label={translate('app.tasks.actions.log')}
        icon={<TerminalOutlinedIcon fontSize="small" />}
        onClick={() => setLogOpen(true)}
      />
      <Action
        label={translate('history.action')}
        icon={<HistoryIcon fontSize="small" />}
        onClick={() => setHistoryOpen(true)}
      />
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
      {isCancellable(task) && (
        <Action
          label={translate('app.tasks.actions.cancel')}
          icon={<CancelOutlinedIcon fontSize="small" />}
          onClick={() => setConfirming(true)}
          color="error"
          disabled={busy}
        />
      )}
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
