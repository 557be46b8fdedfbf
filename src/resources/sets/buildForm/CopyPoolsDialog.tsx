import {
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { useShowError } from '../../../dataProvider/showError';
import type { Build, BuildSet, PoolEntry } from '../types';

const SEARCH_DEBOUNCE_MS = 300;

const poolSummary = (pools: readonly PoolEntry[]) =>
  pools.map((p) => `${p.alias || p.type_fee_pool} ${p.fee}%`).join(' · ');

/** 'duplicate pool settings from another set': pick a set, then one of its builds, and take its pools. */
export const CopyPoolsDialog = ({
  open,
  setId,
  onClose,
  onPick,
}: {
  open: boolean;
  /** The set the form builds for: offered first, since its builds' pools are the likeliest to reuse. */
  setId?: number;
  onClose: () => void;
  onPick: (pools: PoolEntry[]) => void;
}) => {
  const translate = useTranslate();
  const showError = useShowError();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<BuildSet | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const setList = useGetList<BuildSet>(
    'sets',
    { pagination: { page: 1, perPage: 20 }, filter: search ? { search } : {} },
    { enabled: open, onError: showError },
  );
  useEffect(() => {
    if (open && !chosen && setId && setList.data) setChosen(setList.data.find((g) => g.id === setId) ?? null);
  }, [open, chosen, setId, setList.data]);
  const builds = useGetList<Build>(
    'builds',
    {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'id', order: 'DESC' },
      meta: { query: { group_id: chosen?.id } },
    },
    { enabled: open && Boolean(chosen), onError: showError },
  );
  // The server answers one page of sets: say so when there are more, and that typing searches them all.
  const more = (shown: number, total: number | undefined) =>
    total !== undefined && total > shown
      ? translate('app.build_form.copy_pools.more', { shown, total })
      : undefined;
  const withPools = (builds.data ?? []).filter((b) => !b.is_removed && b.fee_pools_configs?.length);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="copy-pools-title">
      <DialogTitle id="copy-pools-title">{translate('app.build_form.copy_pools.title')}</DialogTitle>
      <DialogContent dividers>
        <Autocomplete<BuildSet>
          options={setList.data ?? []}
          value={chosen}
          loading={setList.isPending}
          getOptionLabel={(g) => g.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_, value) => setChosen(value)}
          onInputChange={(_, value, reason) => (reason === 'input' || reason === 'clear') && setText(value)}
          filterOptions={(options) => options}
          renderInput={(params) => (
            <TextField
              {...params}
              label={translate('app.build_form.copy_pools.set')}
              size="small"
              helperText={more(setList.data?.length ?? 0, setList.total)}
            />
          )}
        />
        <Box sx={{ mt: 2, minHeight: '8rem' }}>
          {chosen && !builds.isPending && withPools.length === 0 && (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {translate('app.build_form.copy_pools.empty')}
            </Typography>
          )}
          {!chosen && (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {translate('app.build_form.copy_pools.pick_set')}
            </Typography>
          )}
          <List dense disablePadding>
            {withPools.map((b) => (
              <ListItemButton
                key={b.id}
                onClick={() => onPick(b.fee_pools_configs)}
                sx={{ borderRadius: 1.5 }}
              >
                <ListItemText
                  primary={`${b.model} · ${b.release_version} · ${b.platform} / ${b.install_type}`}
                  secondary={poolSummary(b.fee_pools_configs)}
                />
              </ListItemButton>
            ))}
          </List>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
};
