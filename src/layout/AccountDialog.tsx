import { Box, Dialog, DialogContent, Tab, Tabs, type Theme, useMediaQuery } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useAccount } from '../authProvider/useAccount';
import { PageLoading } from '../boot/lazyPage';
import { ApiTab } from '../custom/account/api/ApiTab';
import { GeneralTab } from '../custom/account/GeneralTab';
import { SshKeysTab } from '../resources/sshKeys/SshKeysTab';
import { ClosableDialogTitle } from '../ui/ClosableDialogTitle';

type AccountTab = 'general' | 'ssh' | 'api';

/**
 * 'my settings' (spec §2): the general tab (mailing, beta, e-mail, password, logos), the ssh tab and the API tab
 * (issue 38: tokens and webhooks).
 */
export const AccountDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const { account, refetch, reload } = useAccount();
  const [tab, setTab] = useState<AccountTab>('general');
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));

  // Issue 37: an e-mail change confirmed or an unsubscribe made through a mailed link (often in another tab)
  // shows at once: the account is asked again on opening, and on coming back to the tab while open.
  useEffect(() => {
    if (!open) return;
    reload();
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [open, reload]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="account-title"
      // One height for both tabs, so switching them does not make the dialog jump.
      sx={{ '& .MuiDialog-paper': { height: { sm: 'min(92vh, 56rem)' } } }}
    >
      <ClosableDialogTitle id="account-title" title={translate('app.account.title')} onClose={onClose} />
      <Box sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={tab} onChange={(_, value: AccountTab) => setTab(value)}>
          <Tab value="general" label={translate('app.account.tabs.general')} />
          <Tab value="ssh" label={translate('app.account.tabs.ssh')} />
          <Tab value="api" label={translate('app.account.tabs.api')} />
        </Tabs>
      </Box>
      <DialogContent sx={{ minHeight: '28rem' }}>
        {!account ? (
          <PageLoading />
        ) : tab === 'general' ? (
          <GeneralTab account={account} onChanged={refetch} />
        ) : tab === 'ssh' ? (
          <SshKeysTab />
        ) : (
          <ApiTab />
        )}
      </DialogContent>
    </Dialog>
  );
};
