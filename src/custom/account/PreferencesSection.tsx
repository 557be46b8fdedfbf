import { FormControlLabel, Stack, Switch } from '@mui/material';
import { useState } from 'react';
import { useAuthProvider, useNotify, useTranslate } from 'react-admin';
import type { Account } from '../../authProvider/account';
import type { AppAuthProvider } from '../../authProvider/index';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { useShowError } from '../../dataProvider/showError';
import { AccountSection } from './AccountSection';
import { type AccountPreferences, patchAccountInfo } from './accountApi';

/** Allow mailing (send_email) for everyone; beta testing for beta testers only (spec §2, §6). */
export const PreferencesSection = ({ account, onChanged }: { account: Account; onChanged: () => void }) => {
  const translate = useTranslate();
  const httpClient = useHttpClient();
  const authProvider = useAuthProvider() as AppAuthProvider | undefined;
  const showError = useShowError();
  const notify = useNotify();
  const [saving, setSaving] = useState<keyof AccountPreferences>();

  const save = async (change: AccountPreferences) => {
    const [field] = Object.keys(change) as (keyof AccountPreferences)[];
    setSaving(field);
    try {
      const updated = await patchAccountInfo(httpClient, change);
      authProvider?.setAccount?.({ ...account, ...change, ...(updated ?? {}) });
      onChanged();
      // A confirmation of what the switch now means (issue 15, item 12).
      const on = Object.values(change)[0];
      const done = field === 'send_email' ? 'mailing' : 'beta';
      notify(`app.account.${done}_${on ? 'on' : 'off'}`, { type: 'success' });
    } catch (error) {
      showError(error);
    } finally {
      setSaving(undefined);
    }
  };

  return (
    <AccountSection title="app.account.preferences">
      <Stack>
        <FormControlLabel
          control={
            <Switch
              checked={Boolean(account.send_email)}
              disabled={saving === 'send_email'}
              onChange={(event) => save({ send_email: event.target.checked })}
            />
          }
          label={translate('app.account.send_email')}
        />
        {account.is_tester && (
          <FormControlLabel
            control={
              <Switch
                checked={Boolean(account.beta_testing)}
                disabled={saving === 'beta_testing'}
                onChange={(event) => save({ beta_testing: event.target.checked })}
              />
            }
            label={translate('app.account.beta_testing')}
          />
        )}
      </Stack>
    </AccountSection>
  );
};
