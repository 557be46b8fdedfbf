import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useShowError } from '../../dataProvider/showError';
import { AgentNameDialog } from './AgentNameDialog';
import { AgentTokenDialog } from './AgentTokenDialog';
import type { Agent } from './types';
import { useAgentWrites } from './useAgentWrites';

/** 'add new agent' (admins): asks for a name, then shows the new agent's token once. */
export const AgentCreateButton = ({ variant = 'contained' }: { variant?: 'contained' | 'outlined' }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const showError = useShowError();
  const writes = useAgentWrites();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<Agent | null>(null);

  const save = async (name: string) => {
    setSaving(true);
    try {
      const agent = await writes.create(name);
      setOpen(false);
      // A repeat of the creation (the same Idempotency-Key) answers without the token: the server never
      // shows it twice (issue 36). Say so rather than open an empty token dialog.
      if (!agent.token) {
        notify('app.agents.token_already_shown', { type: 'warning', messageArgs: { name: agent.name } });
        return;
      }
      notify('app.notifications.agent_added', { type: 'success' });
      setCreated(agent);
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button variant={variant} startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('app.agents.add')}
      </Button>
      <AgentNameDialog
        open={open}
        title={translate('app.agents.add_title')}
        submitLabel={translate('app.agents.add_submit')}
        saving={saving}
        onSave={save}
        onClose={() => setOpen(false)}
      />
      <AgentTokenDialog
        name={created?.name ?? ''}
        token={created?.token ?? null}
        onClose={() => setCreated(null)}
      />
    </>
  );
};
