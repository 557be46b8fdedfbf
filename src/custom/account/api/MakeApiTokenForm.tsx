import { Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  API_TOKEN_NAME_MAX_LENGTH,
  API_TOKEN_SCOPES,
  type ApiTokenScope,
} from '../../../../contract/schemas/api-token-schemas';
import { useHttpClient } from '../../../dataProvider/ApiContext';
import { errorMessages } from '../../../dataProvider/showError';
import { type ApiTokenCreated, apiTokensKey, makeApiToken } from './apiTokensApi';
import { SecretShownOnce } from './SecretShownOnce';

/** The expiries offered, in days; 0: never. */
export const EXPIRY_DAYS = [30, 90, 365, 0] as const;
const DAY_MS = 86_400_000;

/** Makes a token: a name, a scope and an expiry (issue 38). */
export const MakeApiTokenForm = () => {
  const translate = useTranslate();
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [days, setDays] = useState<number>(90);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<ApiTokenCreated>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(translate('app.api.tokens.name_required'));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const expires_at = days > 0 ? new Date(Date.now() + days * DAY_MS).toISOString() : null;
      setMade(await makeApiToken(http, { name: name.trim(), scope, expires_at }));
      setName('');
      await queryClient.invalidateQueries({ queryKey: apiTokensKey({ mine: true }) });
    } catch (failure) {
      setError(errorMessages(failure, translate).join(' '));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Box component="form" onSubmit={submit} noValidate>
        {/* In a row from 992 px: at 768 px the settings dialog is too narrow for four controls (the button ran out). */}
        <Stack direction={{ xs: 'column', lg: 'row' }} spacing={1.5} alignItems={{ lg: 'flex-start' }}>
          <TextField
            label={translate('app.api.tokens.name')}
            value={name}
            size="small"
            onChange={(event) => setName(event.target.value)}
            error={Boolean(error)}
            helperText={error}
            slotProps={{ htmlInput: { maxLength: API_TOKEN_NAME_MAX_LENGTH } }}
            sx={{ flex: 1, minWidth: '12rem' }}
          />
          <TextField
            select
            label={translate('app.api.tokens.scope')}
            value={scope}
            size="small"
            onChange={(event) => setScope(event.target.value as ApiTokenScope)}
            sx={{ minWidth: '11rem' }}
          >
            {API_TOKEN_SCOPES.map((value) => (
              <MenuItem key={value} value={value}>
                {translate(`app.api.scopes.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={translate('app.api.tokens.expires')}
            value={days}
            size="small"
            onChange={(event) => setDays(Number(event.target.value))}
            sx={{ minWidth: '9rem' }}
          >
            {EXPIRY_DAYS.map((value) => (
              <MenuItem key={value} value={value}>
                {value === 0
                  ? translate('app.api.tokens.never_expires')
                  : translate('app.api.tokens.days', { smart_count: value })}
              </MenuItem>
            ))}
          </TextField>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            sx={{ whiteSpace: 'nowrap', py: 1, flexShrink: 0 }}
          >
            {translate('app.api.tokens.make')}
          </Button>
        </Stack>
      </Box>
      {made && (
        <SecretShownOnce
          title={translate('app.api.tokens.made', { name: made.name })}
          secret={made.token}
          testId="api-token-secret"
          onDone={() => setMade(undefined)}
        />
      )}
    </Stack>
  );
};
