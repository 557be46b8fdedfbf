import PublicOutlinedIcon from '@mui/icons-material/PublicOutlined';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import { Alert, Box, Card, CardHeader, Chip, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { useGetList, useLocaleState, useTranslate } from 'react-admin';
import { PageLoading } from '../../boot/lazyPage';
import { useShowError } from '../../dataProvider/showError';
import { SmallTable } from '../../ui/SmallTable';

/** GET /admin/license: the licenses grouped by region. */
export interface License {
  id: number | string;
  name: string;
  region: string;
  /** How many builds use the license. */
  issued: number;
}
export interface LicenseRegion {
  id: string;
  region: string;
  licenses: License[];
}

// Regions in the server's (alphabetical) order: without a sort react-admin asks for id DESC, i.e. reversed.
const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'region', order: 'ASC' as const } };

const RegionCard = ({ group }: { group: LicenseRegion }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Card component="section" aria-label={group.region} data-testid="license-region">
      <CardHeader
        avatar={<PublicOutlinedIcon color="primary" />}
        title={group.region}
        titleTypographyProps={{ variant: 'subtitle1', fontWeight: 600 }}
        action={
          <Chip
            size="small"
            label={translate('app.licenses.count', { smart_count: group.licenses.length })}
            sx={{ mt: 1, mr: 1 }}
          />
        }
        sx={{ pb: 1 }}
      />
      <SmallTable
        inline
        headSx={{ '& th': { color: 'text.secondary', fontSize: '0.75rem' } }}
        head={
          <>
            <TableCell>{translate('app.licenses.name')}</TableCell>
            <TableCell align="right">{translate('app.licenses.issued')}</TableCell>
          </>
        }
      >
        {group.licenses.map((license) => (
          <TableRow key={license.id}>
            <TableCell>
              <Stack direction="row" spacing={1} alignItems="center">
                <VerifiedOutlinedIcon fontSize="small" color="action" />
                <span>{license.name}</span>
              </Stack>
            </TableCell>
            <TableCell align="right">{Number(license.issued ?? 0).toLocaleString(locale)}</TableCell>
          </TableRow>
        ))}
      </SmallTable>
    </Card>
  );
};

/** The license list, one card per region (admins). */
export const LicenseList = () => {
  const translate = useTranslate();
  const showError = useShowError();
  const { data, isPending, error } = useGetList<LicenseRegion>('licenses', ALL, { onError: showError });
  if (isPending) return <PageLoading />;
  if (error)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {translate('app.licenses.load_failed')}
      </Alert>
    );
  if (!data?.length) {
    return (
      <Typography color="text.secondary" sx={{ mt: 4, textAlign: 'center' }}>
        {translate('app.licenses.empty')}
      </Typography>
    );
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        mt: 2,
        gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, 1fr)', xxl: 'repeat(3, 1fr)' },
        alignItems: 'start',
      }}
    >
      {data.map((group) => (
        <RegionCard key={group.id} group={group} />
      ))}
    </Box>
  );
};
