import { Alert, Box, Link } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { RESET_PASSWORD_REDIRECT_MS } from '../../../contract/constants';
import { required } from '../../../contract/rules/text';
import { matches, validatePassword } from '../../../contract/rules/validators';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { errorMessages, useShowError } from '../../dataProvider/showError';
import { AuthCard, BackToSignIn, SubmitButton } from './AuthCard';
import { AuthPasswordField, useAuthForm } from './authForm';
import { RedirectNotice } from './RedirectNotice';

export const RESET_PASSWORD_PATH = '/auth/reset-password';

const validateConfirmation = [required('password'), matches('password')];

const RequestNewLink = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 1.5 }}>
      <Link component={RouterLink} to="/forgot-password" variant="body2">
        {translate('app.auth.request_new_link')}
      </Link>
    </Box>
  );
};

/** /reset-password?token=…: POST /auth/reset-password {token, password}, then /login after 7 s. */
export const ResetPasswordPage = () => {
  const translate = useTranslate();
  const httpClient = useHttpClient();
  const notify = useNotify();
  const showError = useShowError();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string>();

  const form = useAuthForm(
    { password: validatePassword, confirmation: validateConfirmation },
    async (values) => {
      setLoading(true);
      setFailure(undefined);
      try {
        await httpClient(RESET_PASSWORD_PATH, {
          method: 'POST',
          body: { token, password: values.password },
          auth: false,
        });
        notify('app.notifications.password_changed', { type: 'success' });
        setDone(true);
      } catch (error) {
        showError(error);
        setFailure(errorMessages(error).join(' '));
      } finally {
        setLoading(false);
      }
    },
  );

  let content: ReactNode;
  if (!token) {
    content = (
      <>
        <Alert severity="error">{translate('app.auth.missing_token')}</Alert>
        <RequestNewLink />
      </>
    );
  } else if (done) {
    content = (
      <RedirectNotice
        message={translate('app.notifications.password_changed')}
        to="/login"
        delay={RESET_PASSWORD_REDIRECT_MS}
      />
    );
  } else {
    content = (
      <form onSubmit={form.handleSubmit} noValidate>
        <AuthPasswordField
          {...form.field('password')}
          label="app.auth.new_password"
          autoComplete="new-password"
          autoFocus
          required
        />
        <AuthPasswordField
          {...form.field('confirmation')}
          label="app.auth.confirm_password"
          autoComplete="new-password"
          required
        />
        {failure && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {failure}
            <RequestNewLink />
          </Alert>
        )}
        <SubmitButton label={translate('app.auth.set_password')} loading={loading} />
      </form>
    );
  }

  return (
    <AuthCard title={translate('app.auth.reset_title')} subtitle={translate('app.auth.reset_subtitle')}>
      {content}
      <BackToSignIn />
    </AuthCard>
  );
};
