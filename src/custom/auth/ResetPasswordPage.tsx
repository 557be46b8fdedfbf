import { Alert } from '@mui/material';
import { useEffect, useState } from 'react';
import { Form, PasswordInput, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useHttpClient } from '../../api/ApiContext';
import { useShowError } from '../../errors/showError';
import { RESET_PASSWORD_REDIRECT_MS } from '../../lib/constants';
import { validatePassword } from '../../lib/validators';
import { AuthCard, SubmitButton } from './AuthCard';
import { BackToSignIn } from './ForgotPasswordPage';

/** /reset-password?token=…: POST /auth/reset-password {token, password}, then /login after 7 s. */
export const ResetPasswordPage = () => {
  const translate = useTranslate();
  const httpClient = useHttpClient();
  const notify = useNotify();
  const showError = useShowError();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_PASSWORD_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = async (values: { password?: string }) => {
    setLoading(true);
    try {
      await httpClient('/auth/reset-password', {
        method: 'POST',
        body: { token, password: values.password },
        auth: false,
      });
      notify('app.notifications.password_changed', { type: 'success' });
      setDone(true);
    } catch (error) {
      showError(error);
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthCard title={translate('app.auth.reset_title')} subtitle={translate('app.auth.reset_subtitle')}>
      {!token ? (
        <Alert severity="error">{translate('app.auth.missing_token')}</Alert>
      ) : done ? (
        <Alert severity="success">
          {translate('app.notifications.password_changed')}. {translate('app.notifications.redirecting')}…
        </Alert>
      ) : (
        <Form onSubmit={submit} noValidate>
          <PasswordInput
            source="password"
            label="app.auth.new_password"
            autoComplete="new-password"
            autoFocus
            variant="outlined"
            validate={validatePassword}
            fullWidth
          />
          <SubmitButton label={translate('app.auth.set_password')} loading={loading} />
        </Form>
      )}
      <BackToSignIn />
    </AuthCard>
  );
};
