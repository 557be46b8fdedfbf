import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { Box, Breadcrumbs, Button, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { RequireAccess } from '../../authProvider/RequireAccess';
import { PageLoading } from '../../boot/lazyPage';
import { PartnerApiTokens } from '../../custom/account/api/PartnerApiTokens';
import { PartnerWebhooks } from '../../custom/account/api/PartnerWebhooks';
import { RecordMissing } from '../../ui/RecordMissing';
import { PartnerSetBuilds } from './PartnerSetBuilds';
import { PartnerSets } from './PartnerSets';
import { PartnerTasks } from './PartnerTasks';
import type { Partner } from './types';

const PartnerView = ({ id }: { id: number }) => {
  const translate = useTranslate();
  const [search, setSearch] = useSearchParams();
  const { data: partner, isPending, error } = useGetOne<Partner>('partners', { id });
  if (isPending) return <PageLoading />;
  if (error || !partner) return <RecordMissing />;
  const setId = Number(search.get('set'));
  const name = partner.worker || partner.email;
  const base = `/partners/${id}/show`;

  return (
    <Box sx={{ pb: 3 }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        alignItems={{ md: 'flex-end' }}
        sx={{ pt: 2 }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Breadcrumbs separator={<NavigateNextIcon fontSize="small" />} sx={{ fontSize: '0.875rem' }}>
            <MuiLink component={Link} to="/partners" underline="hover" color="inherit">
              {translate('app.routes.partners.title')}
            </MuiLink>
            <Typography color="text.primary" sx={{ fontSize: 'inherit' }}>
              {name}
            </Typography>
          </Breadcrumbs>
          <Typography variant="h5" component="h1" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
            {name}
          </Typography>
          <Typography color="text.secondary">{partner.email}</Typography>
        </Box>
        <Button component={Link} to={`/partners/${id}`} startIcon={<EditOutlinedIcon />}>
          {translate('app.partners.view.edit')}
        </Button>
      </Stack>
      {setId > 0 ? (
        <PartnerSetBuilds userId={id} setId={setId} onBack={() => setSearch({})} />
      ) : (
        <>
          <PartnerSets userId={id} setHref={(g) => `${base}?set=${g.id}`} />
          <PartnerTasks userId={id} />
          <PartnerApiTokens userId={id} />
          <PartnerWebhooks userId={id} />
        </>
      )}
    </Box>
  );
};

/**
 * /partners/:id/show (admins): the partner's sets, a set's builds (?set=), the partner's tasks, API tokens and
 * webhook endpoints.
 */
export const PartnerShow = () => {
  const { id = '' } = useParams();
  return (
    <RequireAccess resource="partners" action="edit">
      <PartnerView id={Number(decodeURIComponent(id))} />
    </RequireAccess>
  );
};
