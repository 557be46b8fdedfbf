import { Button, Checkbox, CircularProgress, DialogContentText, FormControlLabel } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { ActionDialog } from '../../ui/ActionDialog';
import { fetchUpgradePreview } from './setsApi';
import type { BuildSet } from './types';

/**
 * "Upgrade all" (issue 37): says how many builds it will queue before asking, and leaves the cancelled ones
 * alone unless 'include cancelled' is ticked.
 */
export const UpgradeAllDialog = ({
  set,
  isAdmin,
  onClose,
  onConfirm,
}: {
  set?: BuildSet;
  isAdmin: boolean;
  onClose: () => void;
  onConfirm: (set: BuildSet, includeCancelled: boolean) => void;
}) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const [includeCancelled, setIncludeCancelled] = useState(false);
  const { data: preview } = useQuery({
    queryKey: ['upgradePreview', set?.id, isAdmin],
    queryFn: () => fetchUpgradePreview(http, set as BuildSet, isAdmin),
    enabled: Boolean(set),
    gcTime: 0,
  });
  useEffect(() => {
    if (set) setIncludeCancelled(false);
  }, [set]);
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`resources.firmwares.bulk.${key}`, options);
  const total = preview ? preview.builds + (includeCancelled ? preview.cancelled : 0) : 0;

  return (
    <ActionDialog
      open={Boolean(set)}
      onClose={onClose}
      titleId="upgrade-all-title"
      title={t('upgrade_title', { name: set?.name ?? '' })}
      actions={
        <>
          <Button onClick={onClose} color="inherit">
            {translate('ra.action.cancel')}
          </Button>
          <Button
            variant="contained"
            color="warning"
            disabled={!preview || total === 0}
            onClick={() => set && onConfirm(set, includeCancelled)}
          >
            {t('upgrade')}
          </Button>
        </>
      }
    >
      {!preview ? (
        <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
      ) : (
        <>
          <DialogContentText>{t('upgrade_count', { smart_count: total })}</DialogContentText>
          {preview.cancelled > 0 && (
            <FormControlLabel
              sx={{ mt: 1 }}
              control={
                <Checkbox
                  checked={includeCancelled}
                  onChange={(event) => setIncludeCancelled(event.target.checked)}
                />
              }
              label={t('include_cancelled', { smart_count: preview.cancelled })}
            />
          )}
        </>
      )}
    </ActionDialog>
  );
};
