import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PageNotice } from '../ui/PageNotice';

/**
 * A signed-in person on a page their role may not open (issue 37, item 2.2): they are told so and stay signed
 * in, where they used to be sent home or, after the API's 403, signed out without a word.
 */
export const AccessDenied = () => {
  const translate = useTranslate();
  return (
    <PageNotice role="alert">
      <LockOutlinedIcon color="disabled" sx={{ fontSize: '3rem' }} />
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
        {translate('app.auth.no_access')}
      </Typography>
    </PageNotice>
  );
};
