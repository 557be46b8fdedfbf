import { Alert, Box, CircularProgress } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { errorMessages } from '../../dataProvider/showError';
import { AuthCard, BackToSignIn } from './AuthCard';

/** The public API route that stops release e-mails for the account a signed link names (issue 15). */
export const UNSUBSCRIBE_PATH = '/mail/unsubscribe';

type State =
  | { name: 'missing' }
  | { name: 'pending' }
  | { name: 'done' }
  | { name: 'failed'; message: string };

/**
 * /unsubscribe?token=…, the link of every release e-mail: unsubscribes on arrival (one click, signed out) and
 * says so. Nothing else happens here, so opening the link twice is harmless.
 */
export const UnsubscribePage = () => {
  const translate = useTranslate();
  const httpClient = useHttpClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token ? { name: 'pending' } : { name: 'missing' });
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    httpClient(UNSUBSCRIBE_PATH, { method: 'POST', query: { token }, body: {}, auth: false })
      .then(() => setState({ name: 'done' }))
      .catch((error: unknown) => setState({ name: 'failed', message: errorMessages(error).join(' ') }));
  }, [token, httpClient]);

  return (
    <AuthCard title={translate('app.unsubscribe.title')}>
      {state.name === 'pending' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }} role="status">
          <CircularProgress size={24} />
          {translate('app.unsubscribe.pending')}
        </Box>
      )}
      {state.name === 'done' && (
        <Alert severity="success" role="status">
          {translate('app.unsubscribe.done')}
        </Alert>
      )}
      {state.name === 'failed' && (
        <Alert severity="error">
          {translate('app.unsubscribe.failed')} {state.message}
        </Alert>
      )}
      {state.name === 'missing' && <Alert severity="error">{translate('app.auth.missing_token')}</Alert>}
      {state.name !== 'pending' && <BackToSignIn />}
    </AuthCard>
  );
};
