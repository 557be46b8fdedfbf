import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  Link,
  Stack,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { POLL_INTERVAL_MS } from '../../../contract/constants';
import { uuid as validUuid } from '../../../contract/rules/text';
import { AuthCard } from '../../custom/auth/AuthCard';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { useCopyToClipboard } from '../../ui/clipboard';
import { HintTooltip } from '../../ui/HintTooltip';
import { SmallTable } from '../../ui/SmallTable';
import { downloadUrl, formatBytes } from '../builds/buildRules';
import { BuildStatusChip } from '../builds/StatusChips';
import { fetchSharedLinks } from './setsApi';
import type { SharedBuild } from './types';

const Sha = ({ value }: { value: string | null }) => {
  const translate = useTranslate();
  const copy = useCopyToClipboard();
  if (!value) return <>—</>;
  return (
    <Stack direction="row" alignItems="center" spacing={0.5} sx={{ minWidth: 0 }}>
      <Typography variant="caption" title={value} sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        {value.slice(0, 12)}…
      </Typography>
      <HintTooltip title={translate('app.links.copy_sha')}>
        <IconButton size="small" aria-label={translate('app.links.copy_sha')} onClick={() => copy(value)}>
          <ContentCopyIcon sx={{ fontSize: '0.9rem' }} />
        </IconButton>
      </HintTooltip>
    </Stack>
  );
};

const SharedBuildRow = ({ build }: { build: SharedBuild }) => {
  const translate = useTranslate();
  const href = build.download_url ?? downloadUrl(window.location.origin, build.uuid);
  const ready = build.status === 'done';
  return (
    <TableRow data-testid="shared-firmware">
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {build.model}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {build.series} · {build.platform} · {build.install_type}
        </Typography>
      </TableCell>
      <TableCell>
        {build.release_version}
        {/* Issue 37: which run of the build the link serves. */}
        <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {translate('history.run', { run: build.run })}
        </Typography>
      </TableCell>
      <TableCell>
        <BuildStatusChip build={{ status: build.status, progress: 0, is_removed: false }} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatBytes(build.file_size)}</TableCell>
      <TableCell>
        <Sha value={build.sha256} />
      </TableCell>
      <TableCell align="right">
        <Button
          component="a"
          size="small"
          variant={ready ? 'contained' : 'outlined'}
          startIcon={<DownloadIcon />}
          disabled={!ready}
          href={ready ? href : undefined}
          download={ready ? '' : undefined}
          aria-label={`${translate('app.links.download')}: ${build.model}`}
        >
          {translate('app.links.download')}
        </Button>
      </TableCell>
    </TableRow>
  );
};

const Problem = ({ message }: { message: string }) => (
  <Stack alignItems="center" spacing={1.5} sx={{ py: 3, textAlign: 'center' }}>
    <LinkOffIcon sx={{ fontSize: '2.5rem', color: 'text.secondary' }} />
    <Alert severity="error" sx={{ width: '100%' }}>
      {message}
    </Alert>
  </Stack>
);

/** /links/{group_name}?uuid=…: a set's firmware files for anyone with the link, in the empty layout. */
export const LinksPage = () => {
  // A public page: it runs outside react-admin's <Admin>, with a query client of its own.
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <SharedLinks />
    </QueryClientProvider>
  );
};

const SharedLinks = () => {
  const translate = useTranslate();
  const http = useHttpClient();
  const { group_name = '' } = useParams();
  const [params] = useSearchParams();
  const uuid = params.get('uuid') ?? '';
  const valid = Boolean(uuid) && !validUuid(uuid);
  const links = useQuery({
    queryKey: ['sharedLinks', uuid],
    queryFn: () => fetchSharedLinks(http, uuid),
    enabled: valid,
    retry: false,
    // Files still being built appear when they are done.
    refetchInterval: (query) =>
      query.state.data?.firmwares.some((f) => f.status === 'pending' || f.status === 'in_progress')
        ? POLL_INTERVAL_MS
        : false,
  });
  const files = links.data?.firmwares ?? [];

  let content: ReactNode;
  if (!valid) content = <Problem message={translate('app.links.invalid')} />;
  else if (links.isPending)
    content = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 5 }}>
        <CircularProgress size={28} aria-label="loading" />
      </Box>
    );
  else if (links.error) content = <Problem message={translate('app.links.not_found')} />;
  else if (files.length === 0)
    content = (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        {translate('app.links.empty')}
      </Typography>
    );
  else
    content = (
      <SmallTable
        label={translate('app.links.title')}
        head={
          <>
            <TableCell>{translate('app.links.model')}</TableCell>
            <TableCell>{translate('app.links.release')}</TableCell>
            <TableCell>{translate('app.links.status')}</TableCell>
            <TableCell>{translate('app.links.size')}</TableCell>
            <TableCell>sha256</TableCell>
            <TableCell />
          </>
        }
      >
        {files.map((build) => (
          <SharedBuildRow key={build.uuid} build={build} />
        ))}
      </SmallTable>
    );

  return (
    <AuthCard
      title={links.data?.group_name ?? group_name}
      subtitle={translate('app.links.subtitle')}
      width="min(60rem, 100%)"
    >
      {content}
      <Link
        component={RouterLink}
        to="/verify"
        variant="body2"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 2 }}
      >
        <VerifiedOutlinedIcon fontSize="small" />
        {translate('app.verify.link')}
      </Link>
    </AuthCard>
  );
};
