import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PageNotice } from '../ui/PageNotice';

export const NotFound = () => {
  const translate = useTranslate();
  return (
    <PageNotice>
      <Typography variant="h2" component="p" color="primary" sx={{ fontWeight: 700 }}>
        404
      </Typography>
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
        {translate('app.not_found.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {translate('app.not_found.text')}
      </Typography>
    </PageNotice>
  );
};
