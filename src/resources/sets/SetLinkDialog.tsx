import { Button, DialogContentText, FormControlLabel, Switch } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { useShowError } from '../../dataProvider/showError';
import { ActionDialog } from '../../ui/ActionDialog';
import { changeSetLink } from './setsApi';
import type { BuildSet } from './types';
import { useRefreshBuilds } from './useSetActions';

/**
 * The set's public link (issue 37): its owner turns it off (the links page then answers 404) or on, or makes
 * a new one, after which the old link no longer works.
 */
export const SetLinkDialog = ({ set, onClose }: { set?: BuildSet; onClose: () => void }) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notify = useNotify();
  const showError = useShowError();
  const refresh = useRefreshBuilds();
  const [busy, setBusy] = useState(false);
  const [current, setCurrent] = useState<BuildSet>();
  const shown = current?.id === set?.id ? current : set;
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`resources.firmwares.link.${key}`, options);

  const change = async (body: { enabled?: boolean; regenerate?: boolean }, notice: string) => {
    if (!shown) return;
    setBusy(true);
    try {
      setCurrent(await changeSetLink(http, shown, body));
      notify(`resources.firmwares.link.${notice}`, { type: 'success' });
      await refresh();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ActionDialog
      open={Boolean(set)}
      onClose={onClose}
      titleId="set-link-title"
      title={t('title', { name: shown?.name ?? '' })}
      actions={
        <>
          <Button
            color="warning"
            disabled={busy}
            onClick={() => change({ enabled: true, regenerate: true }, 'regenerated')}
          >
            {t('regenerate')}
          </Button>
          <Button variant="contained" onClick={onClose}>
            {translate('ra.action.close')}
          </Button>
        </>
      }
    >
      <DialogContentText sx={{ mb: 2 }}>{t(shown?.link_enabled ? 'on_hint' : 'off_hint')}</DialogContentText>
      <FormControlLabel
        control={
          <Switch
            checked={Boolean(shown?.link_enabled)}
            disabled={busy}
            onChange={(event) =>
              change({ enabled: event.target.checked }, event.target.checked ? 'turned_on' : 'turned_off')
            }
          />
        }
        label={t('enabled')}
      />
      <DialogContentText sx={{ mt: 2 }}>{t('regenerate_hint')}</DialogContentText>
    </ActionDialog>
  );
};
