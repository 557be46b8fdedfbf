import { Box, Link } from '@mui/material';
import { useEffect, useState } from 'react';
import { Form, PasswordInput, TextInput, useLogin, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { readToken } from '../../authProvider/session';
import { useShowError } from '../../errors/showError';
import { validateEmail, validatePassword } from '../../lib/validators';
import { AuthCard, SubmitButton } from './AuthCard';

interface Credentials {
  email: string;
  password: string;
}

/** /login: e-mail and password; then the remembered page or / (the authProvider says which). */
export const LoginPage = () => {
  const translate = useTranslate();
  const login = useLogin();
  const navigate = useNavigate();
  const showError = useShowError();
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (readToken()) navigate('/', { replace: true });
  }, [navigate]);

  const submit = async (values: Partial<Credentials>) => {
    setLoading(true);
    try {
      await login({ email: values.email?.trim(), password: values.password });
    } catch (error) {
      showError(error);
      setLoading(false);
    }
  };

  return (
    <AuthCard title={translate('app.auth.sign_in_title')} subtitle={translate('app.auth.sign_in_subtitle')}>
      <Form onSubmit={submit} noValidate>
        <TextInput
          source="email"
          label="app.auth.email"
          type="email"
          autoComplete="username"
          autoFocus
          variant="outlined"
          validate={validateEmail}
          fullWidth
        />
        <PasswordInput
          source="password"
          label="app.auth.password"
          autoComplete="current-password"
          variant="outlined"
          validate={validatePassword}
          fullWidth
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 0.5 }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            {translate('app.auth.forgot_password_link')}
          </Link>
        </Box>
        <SubmitButton label={translate('app.auth.sign_in')} loading={loading} />
      </Form>
    </AuthCard>
  );
};
