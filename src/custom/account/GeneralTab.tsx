import { Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Account } from '../../authProvider/account';
import { ChangeEmailForm } from './ChangeEmailForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { LogoSection } from './LogoSection';
import { PreferencesSection } from './PreferencesSection';

const Identity = ({ account }: { account: Account }) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1.5} alignItems="center" sx={{ pb: 1 }} flexWrap="wrap" useFlexGap>
      <Stack sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }} noWrap>
          {account.worker || account.email}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {account.email}
        </Typography>
      </Stack>
      <Chip size="small" variant="outlined" label={translate(`app.roles.${account.role}`)} />
    </Stack>
  );
};

/** The general tab of 'my settings' (spec §2). */
export const GeneralTab = ({ account, onChanged }: { account: Account; onChanged: () => void }) => (
  <>
    <Identity account={account} />
    <Stack>
      <PreferencesSection account={account} onChanged={onChanged} />
      <ChangeEmailForm currentEmail={account.email} />
      <ChangePasswordForm />
      <LogoSection />
    </Stack>
  </>
);
