import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { validateEmail } from '../../../contract/rules/validators';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { useShowError } from '../../dataProvider/showError';
import { AuthCard, BackToSignIn, SubmitButton } from './AuthCard';
import { AuthTextField, useAuthForm } from './authForm';

export const FORGOT_PASSWORD_PATH = '/auth/forgot-password';

/** /forgot-password: POST /auth/forgot-password {email}; the server's message shows on the page and as a notice. */
export const ForgotPasswordPage = () => {
  const translate = useTranslate();
  const httpClient = useHttpClient();
  const notify = useNotify();
  const showError = useShowError();
  const [loading, setLoading] = useState(false);
  const [sentTo, setSentTo] = useState<string>();

  const form = useAuthForm({ email: validateEmail }, async (values) => {
    const email = values.email.trim();
    setLoading(true);
    try {
      await httpClient(FORGOT_PASSWORD_PATH, { method: 'POST', body: { email }, auth: false });
      notify('app.notifications.email_sent', { type: 'success' });
      setSentTo(email);
    } catch (error) {
      showError(error);
    } finally {
      setLoading(false);
    }
  });

  return (
    <AuthCard
      title={translate('app.auth.forgot_title')}
      subtitle={sentTo ? undefined : translate('app.auth.forgot_subtitle')}
    >
      {sentTo ? (
        <Box sx={{ textAlign: 'center' }}>
          <MarkEmailReadOutlinedIcon color="success" sx={{ fontSize: '3rem', mb: 1 }} />
          <Alert severity="success" sx={{ textAlign: 'left' }}>
            {translate('app.notifications.email_sent')}
          </Alert>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {translate('app.auth.sent_to', { email: sentTo })}
          </Typography>
          <Button size="small" sx={{ mt: 1 }} onClick={() => setSentTo(undefined)}>
            {translate('app.auth.send_again')}
          </Button>
        </Box>
      ) : (
        <form onSubmit={form.handleSubmit} noValidate>
          <AuthTextField
            {...form.field('email')}
            label="app.auth.email"
            type="email"
            autoComplete="email"
            autoFocus
            required
          />
          <SubmitButton label={translate('app.auth.send_link')} loading={loading} />
        </form>
      )}
      <BackToSignIn />
    </AuthCard>
  );
};
