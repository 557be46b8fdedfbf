import { FormControlLabel, Stack, Switch } from '@mui/material';
import { useState } from 'react';
import { useAuthProvider, useNotify, useTranslate } from 'react-admin';
import type { Account } from '../../authProvider/account';
import type { AppAuthProvider } from '../../authProvider/index';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { useShowError } from '../../dataProvider/showError';
import { AccountSection } from './AccountSection';
import { type AccountPreferences, patchAccountInfo } from './accountApi';

type Switchable = Exclude<keyof AccountPreferences, 'language'>;

/**
 * Each switch of the section: its label, and the confirmation of what it now means (issue 15, item 12),
 * `app.account.<notice>_on` / `_off`.
 */
const SWITCHES: Record<Switchable, { label: string; notice: string }> = {
  send_email: { label: 'app.account.send_email', notice: 'mailing' },
  // Issue 37: build notifications by e-mail, each outcome opted into apart.
  notify_build_done: { label: 'app.account.notify_build_done', notice: 'build_done_mail' },
  notify_build_failed: { label: 'app.account.notify_build_failed', notice: 'build_failed_mail' },
  beta_testing: { label: 'app.account.beta_testing', notice: 'beta' },
};

/**
 * Allow mailing (send_email) and build notifications for everyone; beta testing for beta testers only
 * (spec §2, §6).
 */
export const PreferencesSection = ({ account, onChanged }: { account: Account; onChanged: () => void }) => {
  const translate = useTranslate();
  const httpClient = useHttpClient();
  const authProvider = useAuthProvider() as AppAuthProvider | undefined;
  const showError = useShowError();
  const notify = useNotify();
  const [saving, setSaving] = useState<Switchable>();

  const save = async (field: Switchable, on: boolean) => {
    setSaving(field);
    try {
      const change = { [field]: on };
      const updated = await patchAccountInfo(httpClient, change);
      authProvider?.setAccount?.({ ...account, ...change, ...(updated ?? {}) });
      onChanged();
      notify(`app.account.${SWITCHES[field].notice}_${on ? 'on' : 'off'}`, { type: 'success' });
    } catch (error) {
      showError(error);
    } finally {
      setSaving(undefined);
    }
  };

  const fields: Switchable[] = ['send_email', 'notify_build_done', 'notify_build_failed'];
  if (account.is_tester) fields.push('beta_testing');

  return (
    <AccountSection title="app.account.preferences">
      <Stack>
        {fields.map((field) => (
          <FormControlLabel
            key={field}
            control={
              <Switch
                checked={Boolean(account[field])}
                disabled={saving === field}
                onChange={(event) => save(field, event.target.checked)}
              />
            }
            label={translate(SWITCHES[field].label)}
          />
        ))}
      </Stack>
    </AccountSection>
  );
};
