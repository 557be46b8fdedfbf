import { Alert, Box, CircularProgress } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useHttpClient } from '../../api/ApiContext';
import { useShowError } from '../../errors/showError';
import { EMAIL_CHANGE_REDIRECT_MS } from '../../lib/constants';
import { AuthCard } from './AuthCard';
import { BackToSignIn } from './ForgotPasswordPage';

type State = 'missing' | 'pending' | 'done' | 'failed';

/** /confirm-email-change?token=…: POST /client/account/confirm-change-email {token}, then / after 3 s. */
export const ConfirmEmailChangePage = () => {
  const translate = useTranslate();
  const httpClient = useHttpClient();
  const showError = useShowError();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token ? 'pending' : 'missing');
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    httpClient('/client/account/confirm-change-email', { method: 'POST', body: { token } })
      .then(() => setState('done'))
      .catch((error) => {
        showError(error);
        setState('failed');
      });
  }, [token, httpClient, showError]);

  useEffect(() => {
    if (state !== 'done') return;
    const timer = setTimeout(() => navigate('/', { replace: true }), EMAIL_CHANGE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  return (
    <AuthCard title={translate('app.auth.confirm_title')}>
      {state === 'pending' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }} role="status">
          <CircularProgress size={24} />
          {translate('app.auth.confirming')}
        </Box>
      )}
      {state === 'done' && (
        <Alert severity="success">
          {translate('app.notifications.done')}. {translate('app.notifications.redirecting')}…
        </Alert>
      )}
      {state === 'failed' && <Alert severity="error">{translate('app.auth.confirm_failed')}</Alert>}
      {state === 'missing' && <Alert severity="error">{translate('app.auth.missing_token')}</Alert>}
      {state !== 'pending' && state !== 'done' && <BackToSignIn />}
    </AuthCard>
  );
};
