import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import { Box, Typography } from '@mui/material';
import { useCanAccess, useTranslate } from 'react-admin';
import { EmptyCard } from '../../ui/EmptyCard';
import { AgentCreateButton } from './AgentCreateButton';

/** No agents yet: how one joins (`npm run agent -- --server URL --token TOKEN`). */
export const AgentsEmpty = () => {
  const translate = useTranslate();
  const { canAccess: canCreate } = useCanAccess({ resource: 'agents', action: 'create' });
  return (
    <EmptyCard
      icon={DnsOutlinedIcon}
      title={translate('app.agents.empty_title')}
      titleComponent="h6"
      padding={{ py: 6, px: 3 }}
      sx={{ mt: 1, width: '100%' }}
    >
      <Typography sx={{ maxWidth: '36rem' }}>{translate('app.agents.empty_text')}</Typography>
      <Box
        component="code"
        sx={{
          px: 2,
          py: 1,
          borderRadius: 2,
          bgcolor: 'action.hover',
          color: 'text.primary',
          fontFamily: 'monospace',
          fontSize: '0.875rem',
        }}
      >
        npm run agent -- --server URL --token TOKEN
      </Box>
      {canCreate && <AgentCreateButton />}
    </EmptyCard>
  );
};
