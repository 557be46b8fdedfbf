import { Alert, Box, Link } from '@mui/material';
import { useState } from 'react';
import { Form, TextInput, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useHttpClient } from '../../api/ApiContext';
import { useShowError } from '../../errors/showError';
import { validateEmail } from '../../lib/validators';
import { AuthCard, SubmitButton } from './AuthCard';

export const BackToSignIn = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, textAlign: 'center' }}>
      <Link component={RouterLink} to="/login" variant="body2">
        {translate('app.auth.back_to_sign_in')}
      </Link>
    </Box>
  );
};

/** /forgot-password: POST /auth/forgot-password {email}. */
export const ForgotPasswordPage = () => {
  const translate = useTranslate();
  const httpClient = useHttpClient();
  const notify = useNotify();
  const showError = useShowError();
  const [loading, setLoading] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (values: { email?: string }) => {
    setLoading(true);
    try {
      await httpClient('/auth/forgot-password', {
        method: 'POST',
        body: { email: values.email?.trim() },
        auth: false,
      });
      notify('app.notifications.email_sent', { type: 'success' });
      setSent(true);
    } catch (error) {
      showError(error);
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthCard title={translate('app.auth.forgot_title')} subtitle={translate('app.auth.forgot_subtitle')}>
      {sent ? (
        <Alert severity="success">{translate('app.notifications.email_sent')}</Alert>
      ) : (
        <Form onSubmit={submit} noValidate>
          <TextInput
            source="email"
            label="app.auth.email"
            type="email"
            autoComplete="email"
            autoFocus
            variant="outlined"
            validate={validateEmail}
            fullWidth
          />
          <SubmitButton label={translate('app.auth.send_link')} loading={loading} />
        </Form>
      )}
      <BackToSignIn />
    </AuthCard>
  );
};
