import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { AgentCreateButton } from './AgentCreateButton';
import { useReloadAgents } from './useAgentWrites';

/** The /agents top panel (spec §2): 'add new agent' (admins only) and a refresh that reloads the workers. */
export const AgentsTopPanel = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const reload = useReloadAgents();
  const [reloading, setReloading] = useState(false);
  const { canAccess: canCreate } = useCanAccess({ resource: 'agents', action: 'create' });
  if (pathname.replace(/\/+$/, '') !== '/agents') return null;

  const refresh = async () => {
    setReloading(true);
    try {
      await reload();
    } finally {
      setReloading(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, width: '100%' }}>
      <Box sx={{ flex: 1 }} />
      <Button
        variant="outlined"
        startIcon={<RefreshIcon />}
        onClick={refresh}
        disabled={reloading}
        sx={{ bgcolor: 'background.paper' }}
      >
        {translate('ra.action.refresh')}
      </Button>
      {canCreate && <AgentCreateButton />}
    </Box>
  );
};
