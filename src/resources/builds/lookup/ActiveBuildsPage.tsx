import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Chip,
  InputAdornment,
  LinearProgress,
  Link as MuiLink,
  Stack,
  TableCell,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Static } from 'typebox';
import { PAGE_SIZE, POLL_INTERVAL_MS } from '../../../../contract/constants';
import type { BuildSetWithOwnerSchema } from '../../../../contract/schemas/set-schemas';
import { errorMessages } from '../../../dataProvider/showError';
import { SmallTable } from '../../../ui/SmallTable';

type ActiveSet = Static<typeof BuildSetWithOwnerSchema>;

const Count = ({
  value,
  color,
  label,
}: {
  value: number;
  color: 'warning' | 'info' | 'error';
  label: string;
}) => (value > 0 ? <Chip size="small" color={color} variant="outlined" label={`${label} ${value}`} /> : null);

/**
 * Admins: the sets holding builds over all partners (GET /admin/firmwares/active), with their owner and their
 * queued, running and failed builds, refreshed every 5 s as the task list is; searchable by set, e-mail or alias.
 */
export const ActiveBuildsPage = () => {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { data, total, error, isPending } = useGetList<ActiveSet>(
    'activeSets',
    {
      pagination: { page, perPage: PAGE_SIZE },
      sort: { field: 'id', order: 'DESC' },
      filter: search.trim() ? { search: search.trim() } : {},
    },
    { refetchInterval: POLL_INTERVAL_MS, placeholderData: (previous) => previous },
  );
  const t = (key: string) => translate(`lookup.active.${key}`);
  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 } }}>
      <TextField
        size="small"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
        placeholder={t('search')}
        slotProps={{
          htmlInput: { 'aria-label': t('search') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ mb: 1.5, width: { xs: '100%', sm: 360 } }}
      />
      {isPending && <LinearProgress />}
      {error && <Alert severity="error">{errorMessages(error, translate).join(' ')}</Alert>}
      {data && data.length === 0 && <Typography color="text.secondary">{t('empty')}</Typography>}
      {data && data.length > 0 && (
        <SmallTable
          inline
          label={translate('lookup.active.title')}
          head={
            <>
              <TableCell>{t('set')}</TableCell>
              <TableCell>{t('owner')}</TableCell>
              <TableCell>{t('builds')}</TableCell>
            </>
          }
        >
          {data.map((set) => (
            <TableRow key={set.id} hover>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {set.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {set.models.join(', ')}
                </Typography>
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <MuiLink component={Link} to={`/partners/${set.user_id}/show`}>
                  {set.email}
                </MuiLink>
                {set.worker && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {set.worker}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap alignItems="center">
                  <Typography variant="body2" sx={{ mr: 0.5 }}>
                    {set.count_firmwares}
                  </Typography>
                  <Count value={set.count_pending} color="warning" label={t('pending')} />
                  <Count value={set.count_in_progress} color="info" label={t('in_progress')} />
                  <Count value={set.count_failed} color="error" label={t('failed')} />
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </SmallTable>
      )}
      {(total ?? 0) > PAGE_SIZE && (
        <TablePagination
          component="div"
          count={total ?? 0}
          page={page - 1}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          onPageChange={(_, next) => setPage(next + 1)}
        />
      )}
    </Box>
  );
};
