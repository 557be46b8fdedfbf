import { Alert, Box, CircularProgress } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useAuthProvider, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { EMAIL_CHANGE_REDIRECT_MS } from '../../../contract/constants';
import type { AppAuthProvider } from '../../authProvider/index';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { errorMessages, useShowError } from '../../dataProvider/showError';
import { confirmEmailChange } from '../account/accountApi';
import { AuthCard, BackToSignIn } from './AuthCard';
import { RedirectNotice } from './RedirectNotice';

type State =
  | { name: 'missing' }
  | { name: 'pending' }
  | { name: 'done'; email?: string }
  | { name: 'failed'; message: string };

/** /confirm-email-change?token=…: confirms on arrival, shows the result, then goes to / after 3 s. */
export const ConfirmEmailChangePage = () => {
  const translate = useTranslate();
  const httpClient = useHttpClient();
  const authProvider = useAuthProvider() as AppAuthProvider | undefined;
  const showError = useShowError();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ name: token ? 'pending' : 'missing' } as State);
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirmEmailChange(httpClient, token)
      .then(({ email }) => {
        // A signed-in console shows the new address without a reload.
        const account = authProvider?.getAccount?.();
        if (account && email) authProvider?.setAccount({ ...account, email });
        setState({ name: 'done', email });
      })
      .catch((error) => {
        showError(error);
        setState({ name: 'failed', message: errorMessages(error).join(' ') });
      });
  }, [token, httpClient, showError, authProvider]);

  return (
    <AuthCard title={translate('app.auth.confirm_title')}>
      {state.name === 'pending' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }} role="status">
          <CircularProgress size={24} />
          {translate('app.auth.confirming')}
        </Box>
      )}
      {state.name === 'done' && (
        <RedirectNotice
          message={
            state.email
              ? translate('app.auth.email_changed', { email: state.email })
              : translate('app.notifications.done')
          }
          to="/"
          delay={EMAIL_CHANGE_REDIRECT_MS}
        />
      )}
      {state.name === 'failed' && (
        <Alert severity="error">
          {translate('app.auth.confirm_failed')} {state.message}
        </Alert>
      )}
      {state.name === 'missing' && <Alert severity="error">{translate('app.auth.missing_token')}</Alert>}
      {state.name !== 'pending' && state.name !== 'done' && <BackToSignIn />}
    </AuthCard>
  );
};
