import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';

/** In place of a page whose record could not be read (gone, or not this user's). */
export const RecordMissing = () => {
  const translate = useTranslate();
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      {translate('ra.notification.item_doesnt_exist')}
    </Alert>
  );
};
