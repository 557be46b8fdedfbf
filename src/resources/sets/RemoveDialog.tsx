import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  DialogContentText,
  FormControlLabel,
  Stack,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { ActionDialog } from '../../ui/ActionDialog';

/**
 * The remove dialog of a set or of selected builds (spec §2: remove, remove warning): removing hides them; with
 * 'delete files too' (full_clean) their files go as well, which a second dialog, the remove warning, confirms.
 */
export const RemoveDialog = ({
  open,
  title,
  content,
  warning,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  content: string;
  /** Shown in the first step, e.g. when builds are still running. */
  warning?: string;
  onClose: () => void;
  onConfirm: (fullClean: boolean) => Promise<unknown>;
}) => {
  const translate = useTranslate();
  const [fullClean, setFullClean] = useState(false);
  const [step, setStep] = useState<'remove' | 'warning'>('remove');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setFullClean(false);
      setStep('remove');
    }
  }, [open]);

  const confirm = async () => {
    if (fullClean && step === 'remove') return setStep('warning');
    setBusy(true);
    try {
      await onConfirm(fullClean);
      onClose();
    } finally {
      setBusy(false);
    }
  };
  const t = (key: string) => translate(`resources.firmwares.remove.${key}`);

  return (
    <ActionDialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      titleId="remove-title"
      title={
        step === 'remove' ? (
          title
        ) : (
          <>
            <WarningAmberIcon color="error" />
            {t('warning_title')}
          </>
        )
      }
      actions={
        <>
          <Button
            onClick={step === 'warning' ? () => setStep('remove') : onClose}
            color="inherit"
            disabled={busy}
          >
            {translate(step === 'warning' ? 'ra.action.back' : 'ra.action.cancel')}
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={confirm}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t(step === 'warning' || !fullClean ? 'confirm' : 'next')}
          </Button>
        </>
      }
    >
      {step === 'remove' ? (
        <Stack spacing={2}>
          <DialogContentText>{content}</DialogContentText>
          {warning && <Alert severity="warning">{warning}</Alert>}
          <FormControlLabel
            control={<Checkbox checked={fullClean} onChange={(e) => setFullClean(e.target.checked)} />}
            label={t('full_clean')}
          />
        </Stack>
      ) : (
        <DialogContentText>{t('warning_content')}</DialogContentText>
      )}
    </ActionDialog>
  );
};
