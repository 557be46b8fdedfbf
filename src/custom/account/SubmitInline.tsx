import { Button, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The submit button beside an account form's inputs, with a spinner while the change is on its way. */
export const SubmitInline = ({ busy, label }: { busy: boolean; label: string }) => {
  const translate = useTranslate();
  return (
    <Button
      type="submit"
      variant="outlined"
      disabled={busy}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
      sx={{ mt: { sm: 1.75 }, whiteSpace: 'nowrap' }}
    >
      {translate(label)}
    </Button>
  );
};
