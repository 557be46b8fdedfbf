// Issue 37: the admins' setting of how long an earlier run's file (and its attestation) is kept after a
// rebuild, in the settings popover beside the other admin switch. The server's rule: server/builds/runs/.
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { RUN_RETENTION_MAX_DAYS } from '../../contract/constants';
import type { RunRetention } from '../../contract/schemas/retention-schemas';
import { useHttpClient } from '../dataProvider/ApiContext';
import { callOf } from '../dataProvider/paths';
import { errorMessages } from '../dataProvider/showError';

const KEY = ['runRetention'];

export const RunRetentionSetting = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const stored = useQuery({
    queryKey: KEY,
    queryFn: async () => {
      const { path, request } = callOf('runRetention');
      return (await http<RunRetention>(path, request)).json;
    },
  });
  const [days, setDays] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (stored.data) setDays(String(stored.data.days));
  }, [stored.data]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const value = Number(days);
    if (!/^\d+$/.test(days.trim()) || value > RUN_RETENTION_MAX_DAYS) {
      setError(translate('app.settings.run_retention_invalid', { max: RUN_RETENTION_MAX_DAYS }));
      return;
    }
    setError(undefined);
    setSaving(true);
    try {
      const { path, request } = callOf('setRunRetention');
      const { json } = await http<RunRetention>(path, { ...request, body: { days: value } });
      queryClient.setQueryData(KEY, json);
      notify('app.settings.run_retention_saved', { type: 'success' });
    } catch (failure) {
      setError(errorMessages(failure, translate).join(' '));
    } finally {
      setSaving(false);
    }
  };

  const changed = stored.data !== undefined && days !== String(stored.data.days);
  return (
    <Box component="form" onSubmit={save} sx={{ px: 2, py: 1.5 }} noValidate>
      <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 2 }}>
        {translate('app.settings.run_retention')}
      </Typography>
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <TextField
          size="small"
          type="number"
          label={translate('app.settings.run_retention_days')}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          disabled={!stored.data}
          error={Boolean(error)}
          helperText={error ?? translate('app.settings.run_retention_help')}
          slotProps={{ htmlInput: { min: 0, max: RUN_RETENTION_MAX_DAYS, inputMode: 'numeric' } }}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="outlined" disabled={!changed || saving} sx={{ mt: 0.25 }}>
          {translate('ra.action.save')}
        </Button>
      </Stack>
    </Box>
  );
};
