import { Button, CircularProgress, DialogActions } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';

/** A form dialog's cancel and submit buttons, both off while the form is being sent (a spinner on submit). */
export const FormDialogActions = ({ onClose, submitLabel }: { onClose: () => void; submitLabel: string }) => {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <DialogActions sx={{ px: 3, py: 2 }}>
      <Button onClick={onClose} color="inherit" disabled={isSubmitting}>
        {translate('ra.action.cancel')}
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={isSubmitting}
        startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {translate(submitLabel)}
      </Button>
    </DialogActions>
  );
};
