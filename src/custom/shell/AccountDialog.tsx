import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useAuthProvider, useTranslate } from 'react-admin';
import { useHttpClient } from '../../api/ApiContext';
import { ACCOUNT_PATH, type Account } from '../../authProvider/account';
import type { AppAuthProvider } from '../../authProvider/index';
import { useAccount } from '../../authProvider/useAccount';
import { useShowError } from '../../errors/showError';

const Row = ({ label, value }: { label: string; value: string }) => (
  <Stack direction="row" spacing={2} sx={{ py: 0.5 }}>
    <Typography color="text.secondary" sx={{ width: '8rem', flexShrink: 0 }}>
      {label}
    </Typography>
    <Typography sx={{ wordBreak: 'break-all' }}>{value || '—'}</Typography>
  </Stack>
);

/** "My settings" (spec §2): the account at a glance and the allow-mailing preference. */
export const AccountDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const httpClient = useHttpClient();
  const authProvider = useAuthProvider() as AppAuthProvider | undefined;
  const showError = useShowError();
  const { account, refetch } = useAccount();
  const [saving, setSaving] = useState(false);

  const setMailing = async (send_email: boolean) => {
    if (!account) return;
    setSaving(true);
    try {
      await httpClient(ACCOUNT_PATH, { method: 'PATCH', body: { send_email } });
      authProvider?.setAccount({ ...account, send_email } as Account);
      refetch();
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('app.account.title')}</DialogTitle>
      <DialogContent dividers>
        {account && (
          <>
            <Row label={translate('app.account.email')} value={account.email} />
            <Row label={translate('app.account.worker')} value={account.worker} />
            <Row label={translate('app.account.role')} value={translate(`app.roles.${account.role}`)} />
            <FormControlLabel
              sx={{ mt: 1 }}
              control={
                <Switch
                  checked={account.send_email}
                  disabled={saving}
                  onChange={(event) => setMailing(event.target.checked)}
                />
              }
              label={translate('app.account.send_email')}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
