import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useConnectionDown } from '../dataProvider/useConnectionDown';

/**
 * A banner over the page while the server cannot be reached (a restart, a database outage): the console's
 * polling keeps calling, and the first call that gets through hides it again.
 */
export const ConnectionBanner = () => {
  const translate = useTranslate();
  if (!useConnectionDown()) return null;
  return (
    <Alert severity="warning" role="alert" sx={{ mt: 1.5, mb: 1.5 }}>
      {translate('app.connection.lost')}
    </Alert>
  );
};
