import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import { Box, Card, Stack, Typography } from '@mui/material';
import { useCanAccess, useTranslate } from 'react-admin';
import { AgentCreateButton } from './AgentCreateButton';

/** No agents yet: how one joins (`npm run agent -- --server URL --token TOKEN`). */
export const AgentsEmpty = () => {
  const translate = useTranslate();
  const { canAccess: canCreate } = useCanAccess({ resource: 'agents', action: 'create' });
  return (
    <Card sx={{ mt: 1, width: '100%' }}>
      <Stack
        alignItems="center"
        spacing={1.5}
        sx={{ py: 6, px: 3, color: 'text.secondary', textAlign: 'center' }}
      >
        <DnsOutlinedIcon sx={{ fontSize: '3rem', opacity: 0.5 }} />
        <Typography variant="h6" color="text.primary">
          {translate('app.agents.empty_title')}
        </Typography>
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
      </Stack>
    </Card>
  );
};
