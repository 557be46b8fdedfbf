import { useEffect, useState } from 'react';
import { useAuthProvider, useNotify, useTranslate } from 'react-admin';
import { validateEmail, validatePassword } from '../../../contract/rules/validators';
import { readToken, takeSignOutNotice } from '../../authProvider/session';
import { ERROR_TOAST, useShowError } from '../../dataProvider/showError';
import { AuthCard, SubmitButton } from './AuthCard';
import { AuthPasswordField, AuthTextField, useAuthForm } from './authForm';
import { preloadConsole } from './consolePreload';
import { goTo, PageLink } from './publicNavigation';

/**
 * /login: e-mail and password; then the remembered page or / (the authProvider says which). Part of the first
 * download: no MUI and no react-router (see publicNavigation).
 */
export const LoginPage = () => {
  const translate = useTranslate();
  const authProvider = useAuthProvider();
  const showError = useShowError();
  const notify = useNotify();
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (readToken()) goTo('/', { replace: true });
  }, []);

  // Why the console just signed out, when it had a reason to give (e.g. the live socket's session ended).
  useEffect(() => {
    const notice = takeSignOutNotice();
    if (notice) notify(notice, ERROR_TOAST);
  }, [notify]);

  const form = useAuthForm({ email: validateEmail, password: validatePassword }, async (values) => {
    setLoading(true);
    preloadConsole();
    try {
      const result = await authProvider?.login({ email: values.email.trim(), password: values.password });
      const redirectTo = (result as { redirectTo?: string } | undefined)?.redirectTo ?? '/';
      goTo(redirectTo);
    } catch (error) {
      showError(error);
      setLoading(false);
    }
  });

  return (
    <AuthCard title={translate('app.auth.sign_in_title')} subtitle={translate('app.auth.sign_in_subtitle')}>
      <form onSubmit={form.handleSubmit} noValidate>
        <AuthTextField
          {...form.field('email')}
          label="app.auth.email"
          type="email"
          autoComplete="username"
          autoFocus
          required
        />
        <AuthPasswordField
          {...form.field('password')}
          label="app.auth.password"
          autoComplete="current-password"
          required
        />
        <div className="pub-link-row">
          <PageLink to="/forgot-password" className="pub-link">
            {translate('app.auth.forgot_password_link')}
          </PageLink>
        </div>
        <SubmitButton label={translate('app.auth.sign_in')} loading={loading} />
      </form>
    </AuthCard>
  );
};
