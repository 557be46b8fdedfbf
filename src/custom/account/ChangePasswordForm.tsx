import { Stack } from '@mui/material';
import { useState } from 'react';
import { Form, PasswordInput, useNotify } from 'react-admin';
import { required } from '../../../contract/rules/text';
import { validatePassword } from '../../../contract/rules/validators';
import { renewToken } from '../../authProvider/session';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { fieldErrors } from '../../dataProvider/fieldErrors';
import { useShowError } from '../../dataProvider/showError';
import { AccountSection } from './AccountSection';
import { changePassword } from './accountApi';
import { SubmitInline } from './SubmitInline';

const validateCurrent = [required('password')];
/** The new password must not be the current one (the server says the same). */
const differsFromCurrent = (value: unknown, values: { old_password?: string }) =>
  value && value === values.old_password ? 'app.validation.password_same' : undefined;
const validateNew = [...validatePassword, differsFromCurrent];

/** Change password: the current one and a new one of 8 to 32; the answer's token replaces the revoked one. */
export const ChangePasswordForm = () => {
  const httpClient = useHttpClient();
  const notify = useNotify();
  const showError = useShowError();
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);

  const submit = async (values: { old_password?: string; new_password?: string }) => {
    setBusy(true);
    try {
      await renewToken(
        changePassword(httpClient, {
          old_password: values.old_password ?? '',
          new_password: values.new_password ?? '',
        }),
      );
      notify('app.notifications.password_changed', { type: 'success' });
      setFormKey((k) => k + 1);
    } catch (error) {
      showError(error);
      return fieldErrors(error, ['old_password', 'new_password']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountSection title="app.account.change_password">
      <Form key={formKey} onSubmit={submit} noValidate>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'flex-start' }}>
          <PasswordInput
            source="old_password"
            label="app.account.current_password"
            autoComplete="current-password"
            validate={validateCurrent}
            sx={{ flex: 1 }}
          />
          <PasswordInput
            source="new_password"
            label="app.auth.new_password"
            autoComplete="new-password"
            validate={validateNew}
            sx={{ flex: 1 }}
          />
          <SubmitInline busy={busy} label="app.account.change_password_submit" />
        </Stack>
      </Form>
    </AccountSection>
  );
};
