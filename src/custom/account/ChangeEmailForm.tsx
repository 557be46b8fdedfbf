import { Alert, Box, Stack } from '@mui/material';
import { useState } from 'react';
import { Form, TextInput, useNotify, useTranslate } from 'react-admin';
import { email, emailDiffers } from '../../../contract/rules/account';
import { required } from '../../../contract/rules/text';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { fieldErrors } from '../../dataProvider/fieldErrors';
import { useShowError } from '../../dataProvider/showError';
import { AccountSection } from './AccountSection';
import { requestEmailChange } from './accountApi';
import { SubmitInline } from './SubmitInline';

/** Change e-mail: a valid, different address without Cyrillic; the server mails a confirmation link to it. */
export const ChangeEmailForm = ({ currentEmail }: { currentEmail: string }) => {
  const translate = useTranslate();
  const httpClient = useHttpClient();
  const notify = useNotify();
  const showError = useShowError();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string>();
  const [formKey, setFormKey] = useState(0);

  const submit = async (values: { email?: string }) => {
    const address = values.email?.trim() ?? '';
    setBusy(true);
    try {
      await requestEmailChange(httpClient, address);
      notify('app.notifications.email_sent', { type: 'success' });
      setSentTo(address);
      setFormKey((k) => k + 1);
    } catch (error) {
      showError(error);
      return fieldErrors(error, ['email']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountSection title="app.account.change_email" hint="app.account.change_email_hint">
      <Form key={formKey} onSubmit={submit} noValidate>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'flex-start' }}>
          <Box sx={{ flex: 1 }}>
            <TextInput
              source="email"
              label="app.account.new_email"
              type="email"
              autoComplete="email"
              helperText={translate('app.account.current_email', { email: currentEmail })}
              validate={[required('email'), email(), emailDiffers(currentEmail)]}
              fullWidth
            />
          </Box>
          <SubmitInline busy={busy} label="app.account.change_email_submit" />
        </Stack>
      </Form>
      {sentTo && (
        <Alert severity="success" onClose={() => setSentTo(undefined)}>
          {translate('app.notifications.email_sent')}{' '}
          {translate('app.account.confirm_link_sent', { email: sentTo })}
        </Alert>
      )}
    </AccountSection>
  );
};
