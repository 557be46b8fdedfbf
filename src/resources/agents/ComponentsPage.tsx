import ExtensionOutlinedIcon from '@mui/icons-material/ExtensionOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import SourceOutlinedIcon from '@mui/icons-material/SourceOutlined';
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Divider,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { useShowError } from '../../dataProvider/showError';
import { EmptyCard } from '../../ui/EmptyCard';
import { AgentStatus } from './AgentStatus';
import type { Agent } from './types';

const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' as const } };

const Sources = ({ agent }: { agent: Agent }) => {
  const translate = useTranslate();
  if (!agent.sources?.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.components.no_sources')}
      </Typography>
    );
  }
  return (
    <Stack divider={<Divider flexItem />} spacing={1.25}>
      {agent.sources.map((source) => (
        <Box key={source.repository}>
          <Stack direction="row" alignItems="center" spacing={0.75} sx={{ mb: 0.75 }}>
            <SourceOutlinedIcon fontSize="small" color="action" />
            <Typography
              variant="body2"
              sx={{ fontWeight: 600, fontFamily: 'monospace', wordBreak: 'break-all' }}
            >
              {source.repository}
            </Typography>
          </Stack>
          <Stack direction="row" flexWrap="wrap" useFlexGap spacing={0.5}>
            {source.tags.map((tag) => (
              <Chip
                key={tag}
                size="small"
                icon={<LocalOfferOutlinedIcon />}
                label={tag}
                variant="outlined"
                sx={{ borderRadius: 1.5 }}
              />
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
};

const AgentCard = ({ agent }: { agent: Agent }) => {
  const translate = useTranslate();
  const tags = agent.sources?.reduce((n, s) => n + s.tags.length, 0) ?? 0;
  return (
    <Card component="section" aria-label={agent.name} sx={{ height: '100%' }}>
      <CardHeader
        title={agent.name}
        subheader={translate('app.components.summary', {
          repositories: agent.sources?.length ?? 0,
          tags,
        })}
        action={<AgentStatus agent={agent} />}
        slotProps={{ title: { variant: 'subtitle1', sx: { fontWeight: 700 } } }}
      />
      <Divider />
      <CardContent>
        <Sources agent={agent} />
      </CardContent>
    </Card>
  );
};

const GRID = {
  display: 'grid',
  gap: 2,
  mt: 2,
  gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))', xxl: 'repeat(3, minmax(0, 1fr))' },
} as const;

/** /components (admins and developers): per agent, the release sources (repositories) and tags it holds. */
export const ComponentsPage = () => {
  const translate = useTranslate();
  const showError = useShowError();
  const { data, isPending, error } = useGetList<Agent>('agents', ALL, { onError: showError });
  if (isPending) {
    return (
      <Box sx={GRID}>
        {[0, 1].map((n) => (
          <Skeleton key={n} variant="rounded" height={160} />
        ))}
      </Box>
    );
  }
  if (error || !data?.length) {
    return (
      <EmptyCard
        icon={ExtensionOutlinedIcon}
        title={translate('app.components.empty')}
        titleVariant="body1"
        padding={{ py: 8, px: 4 }}
        sx={{ mt: 2 }}
      />
    );
  }
  return (
    <Box sx={GRID}>
      {data.map((agent) => (
        <AgentCard key={agent.id} agent={agent} />
      ))}
    </Box>
  );
};
