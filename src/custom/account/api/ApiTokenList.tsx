import { Alert, Button, Chip, TableCell, TableRow, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { PageLoading } from '../../../boot/lazyPage';
import { useHttpClient } from '../../../dataProvider/ApiContext';
import { useShowError } from '../../../dataProvider/showError';
import { useDates } from '../../../i18n/dates';
import { SmallTable } from '../../../ui/SmallTable';

import { type ApiToken, apiTokensKey, listApiTokens, revokeApiToken, type TokenOwner } from './apiTokensApi';

/** Columns shown from 992 px up (the settings dialog is narrower than the window). */
const WIDE_ONLY = { display: { xs: 'none', lg: 'table-cell' } } as const;

/** The tokens of an account with their created, last-used and expiry times, each revocable (issue 38). */
export const ApiTokenList = ({ owner }: { owner: TokenOwner }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const showError = useShowError();
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const { format } = useDates();
  const tokens = useQuery({ queryKey: apiTokensKey(owner), queryFn: () => listApiTokens(http, owner) });
  const [revoking, setRevoking] = useState<ApiToken>();
  const [busy, setBusy] = useState(false);

  if (tokens.isPending) return <PageLoading />;
  if (tokens.error) return <Alert severity="error">{translate('app.api.tokens.load_failed')}</Alert>;
  if (tokens.data.length === 0)
    return <Typography color="text.secondary">{translate('app.api.tokens.empty')}</Typography>;

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      await revokeApiToken(http, owner, revoking.id);
      notify('app.api.tokens.revoked_notice', { type: 'success', messageArgs: { name: revoking.name } });
      setRevoking(undefined);
      await queryClient.invalidateQueries({ queryKey: apiTokensKey(owner) });
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const never = translate('app.api.tokens.never');
  return (
    <>
      <SmallTable
        label={translate('app.api.tokens.title')}
        head={
          <>
            <TableCell>{translate('app.api.tokens.name')}</TableCell>
            <TableCell>{translate('app.api.tokens.scope')}</TableCell>
            <TableCell sx={WIDE_ONLY}>{translate('app.api.tokens.created')}</TableCell>
            <TableCell>{translate('app.api.tokens.last_used')}</TableCell>
            <TableCell sx={WIDE_ONLY}>{translate('app.api.tokens.expires')}</TableCell>
            <TableCell />
          </>
        }
      >
        {tokens.data.map((token) => {
          const expired = token.expires_at !== null && Date.parse(token.expires_at) <= Date.now();
          return (
            <TableRow key={token.id} data-testid="api-token" sx={{ opacity: token.revoked_at ? 0.6 : 1 }}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {token.name}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                  {token.hint}…
                </Typography>
                {/* Below 992 px the created and expiry columns give way: their dates are named here. */}
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="div"
                  sx={{ display: { xs: 'block', lg: 'none' } }}
                >
                  {translate('app.api.tokens.created')}: {format(token.created_at, 'date')} ·{' '}
                  {translate('app.api.tokens.expires')}:{' '}
                  {token.expires_at ? format(token.expires_at, 'date') : never}
                </Typography>
              </TableCell>
              <TableCell>{translate(`app.api.scopes.${token.scope}`)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', ...WIDE_ONLY }}>
                {format(token.created_at, 'dateTime')}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {token.last_used_at ? format(token.last_used_at, 'dateTime') : never}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', ...WIDE_ONLY }}>
                {token.expires_at ? format(token.expires_at, 'date') : never}
              </TableCell>
              <TableCell align="right">
                {token.revoked_at ? (
                  <Chip size="small" label={translate('app.api.tokens.revoked')} />
                ) : expired ? (
                  <Chip size="small" label={translate('app.api.tokens.expired')} />
                ) : (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setRevoking(token)}
                    aria-label={translate('app.api.tokens.revoke_named', { name: token.name })}
                  >
                    {translate('app.api.tokens.revoke')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </SmallTable>
      <Confirm
        isOpen={revoking !== undefined}
        loading={busy}
        title="app.api.tokens.revoke_title"
        content="app.api.tokens.revoke_confirm"
        translateOptions={{ name: revoking?.name ?? '' }}
        confirm="app.api.tokens.revoke"
        confirmColor="warning"
        onConfirm={revoke}
        onClose={() => setRevoking(undefined)}
      />
    </>
  );
};
