import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { useShowError } from '../../dataProvider/showError';
import { HintTooltip } from '../../ui/HintTooltip';
import { AgentNameDialog } from './AgentNameDialog';
import { AgentTokenDialog } from './AgentTokenDialog';
import type { Agent } from './types';
import { useAgentWrites } from './useAgentWrites';

type Pending = 'rename' | 'regenerate' | 'delete' | 'block' | null;

const Item = ({
  icon,
  label,
  onClick,
  danger,
}: {
  icon: ReactElement;
  label: string;
  onClick: () => void;
  danger?: boolean;
}) => (
  <MenuItem onClick={onClick} sx={danger ? { color: 'error.main' } : undefined}>
    <ListItemIcon sx={danger ? { color: 'error.main' } : undefined}>{icon}</ListItemIcon>
    <ListItemText>{label}</ListItemText>
  </MenuItem>
);

/** An agent's admin actions: rename, block or unblock, regenerate its token (shown once), delete. */
export const AgentRowActions = ({ agent }: { agent: Agent }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const showError = useShowError();
  const writes = useAgentWrites();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const t = (key: string) => translate(`app.agents.actions.${key}`);

  const choose = (what: Pending) => {
    setAnchor(null);
    setPending(what);
  };
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
      setPending(null);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const rename = (name: string) =>
    run(async () => {
      await writes.rename(agent, name);
      notify('app.notifications.agent_renamed', { type: 'success', messageArgs: { name } });
    });
  const toggleBlocked = () =>
    run(async () => {
      setAnchor(null);
      setPending(null);
      await writes.setBlocked(agent, !agent.is_blocked);
      notify(agent.is_blocked ? 'app.agents.unblocked' : 'app.agents.blocked', {
        type: 'success',
        messageArgs: { name: agent.name },
      });
    });
  const regenerate = () =>
    run(async () => {
      const answer = await writes.regenerateToken(agent);
      setToken(answer.token ?? null);
    });
  const remove = () =>
    run(async () => {
      await writes.remove(agent);
      notify('app.notifications.agent_deleted', { type: 'success' });
    });

  const label = translate('app.agents.actions.label', { name: agent.name });
  return (
    <>
      <HintTooltip title={label}>
        <IconButton aria-label={label} onClick={(event) => setAnchor(event.currentTarget)} disabled={busy}>
          <MoreVertIcon fontSize="small" />
        </IconButton>
      </HintTooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <Item
          icon={<DriveFileRenameOutlineIcon fontSize="small" />}
          label={t('rename')}
          onClick={() => choose('rename')}
        />
        {agent.is_blocked ? (
          <Item
            icon={<CheckCircleOutlineIcon fontSize="small" />}
            label={t('unblock')}
            onClick={toggleBlocked}
          />
        ) : (
          <Item icon={<BlockIcon fontSize="small" />} label={t('block')} onClick={() => choose('block')} />
        )}
        <Item
          icon={<KeyOutlinedIcon fontSize="small" />}
          label={t('regenerate')}
          onClick={() => choose('regenerate')}
        />
        <Item
          icon={<DeleteOutlineIcon fontSize="small" />}
          label={t('delete')}
          onClick={() => choose('delete')}
          danger
        />
      </Menu>
      <AgentNameDialog
        open={pending === 'rename'}
        title={translate('app.agents.rename_title', { name: agent.name })}
        submitLabel={translate('ra.action.save')}
        initialName={agent.name}
        saving={busy}
        onSave={rename}
        onClose={() => setPending(null)}
      />
      <Confirm
        isOpen={pending === 'regenerate' || pending === 'delete'}
        loading={busy}
        title={`app.agents.confirm.${pending === 'delete' ? 'delete' : 'regenerate'}_title`}
        titleTranslateOptions={{ name: agent.name }}
        content={`app.agents.confirm.${pending === 'delete' ? 'delete' : 'regenerate'}_content`}
        contentTranslateOptions={{ name: agent.name }}
        confirm={pending === 'delete' ? 'app.agents.actions.delete' : 'app.agents.actions.regenerate'}
        confirmColor="warning"
        onConfirm={pending === 'delete' ? remove : regenerate}
        onClose={() => setPending(null)}
      />
      <Confirm
        isOpen={pending === 'block'}
        loading={busy}
        title="app.agents.confirm.block_title"
        titleTranslateOptions={{ name: agent.name }}
        content={`app.agents.confirm.block_content_${agent.current_build ? 'busy' : 'idle'}`}
        confirm="app.agents.actions.block"
        confirmColor="warning"
        onConfirm={toggleBlocked}
        onClose={() => setPending(null)}
      />
      <AgentTokenDialog name={agent.name} token={token} onClose={() => setToken(null)} />
    </>
  );
};
