import { Box, Chip, Stack, Typography } from '@mui/material';
import { DataTable, List, useCanAccess, useTranslate } from 'react-admin';
import { RequireAccess } from '../../authProvider/RequireAccess';
import { useShowError } from '../../dataProvider/showError';
import { showFrom } from '../../ui/responsive';
import { LastActive } from '../partners/LastActive';
import { AgentRowActions } from './AgentRowActions';
import { AgentStatus } from './AgentStatus';
import { AgentsEmpty } from './AgentsEmpty';
import type { Agent, AgentRelease } from './types';

const bySeriesThenNewest = (a: AgentRelease, b: AgentRelease) =>
  a.series.localeCompare(b.series) || b.id - a.id;

/** Releases an agent holds, as "series version" chips. */
const Releases = ({ agent }: { agent: Agent }) => {
  if (!agent.releases?.length) return <Typography color="text.secondary">—</Typography>;
  return (
    <Stack direction="row" flexWrap="wrap" useFlexGap spacing={0.5} sx={{ maxWidth: '22rem' }}>
      {[...agent.releases].sort(bySeriesThenNewest).map((r) => (
        <Chip
          key={r.id}
          size="small"
          variant="outlined"
          label={`${r.series} ${r.version}`}
          title={r.stage}
          sx={{ borderRadius: 1.5, height: '1.375rem' }}
        />
      ))}
    </Stack>
  );
};

const TokenPrefix = ({ agent }: { agent: Agent }) => (
  <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', color: 'text.secondary' }}>
    {agent.token_prefix}…
  </Box>
);

const Blocked = ({ agent }: { agent: Agent }) => {
  const translate = useTranslate();
  if (!agent.is_blocked) return <Typography color="text.secondary">—</Typography>;
  return (
    <Chip
      size="small"
      color="error"
      variant="outlined"
      label={translate('app.agents.blocked_chip')}
      sx={{ fontWeight: 600 }}
    />
  );
};

const AgentsTable = () => {
  const translate = useTranslate();
  const showError = useShowError();
  const { canAccess: canEdit } = useCanAccess({ resource: 'agents', action: 'edit' });
  const label = (field: string) => translate(`resources.agents.fields.${field}`);
  return (
    <List<Agent>
      resource="agents"
      disableSyncWithLocation
      storeKey={false}
      perPage={1000}
      pagination={false}
      actions={false}
      empty={<AgentsEmpty />}
      queryOptions={{ onError: showError }}
      sx={{ '& .RaList-main': { mt: 1, minWidth: 0 }, '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}
    >
      <DataTable<Agent> rowClick={false} bulkActionButtons={false}>
        <DataTable.Col<Agent>
          source="name"
          label={label('name')}
          disableSort
          render={(a) => (
            <>
              <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {a.name}
              </Typography>
              {/* Below md the blocked column gives way (issue 37, item 2.1): the chip goes under the name. */}
              {a.is_blocked && (
                <Box sx={{ display: { xs: 'block', md: 'none' } }}>
                  <Blocked agent={a} />
                </Box>
              )}
            </>
          )}
        />
        <DataTable.Col<Agent>
          source="status"
          label={label('status')}
          disableSort
          render={(a) => <AgentStatus agent={a} />}
        />
        <DataTable.Col<Agent>
          source="token_prefix"
          sx={showFrom('xl')}
          label={label('token')}
          disableSort
          render={(a) => <TokenPrefix agent={a} />}
        />
        <DataTable.Col<Agent>
          source="releases"
          sx={showFrom('xl')}
          label={label('releases')}
          disableSort
          render={(a) => <Releases agent={a} />}
        />
        <DataTable.Col<Agent>
          source="last_contact"
          label={label('last_contact')}
          disableSort
          render={(a) => <LastActive value={a.last_contact} />}
        />
        <DataTable.Col<Agent>
          source="is_blocked"
          sx={showFrom('md')}
          label={label('is_blocked')}
          disableSort
          render={(a) => <Blocked agent={a} />}
        />
        {canEdit && (
          <DataTable.Col<Agent>
            label={translate('app.agents.actions.title')}
            disableSort
            align="right"
            render={(a) => <AgentRowActions agent={a} />}
          />
        )}
      </DataTable>
    </List>
  );
};

/** /agents (admins and developers; the writes are the admins'): the build agents and their state. */
export const AgentList = () => (
  <RequireAccess resource="agents">
    <AgentsTable />
  </RequireAccess>
);
