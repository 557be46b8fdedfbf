import { Box, Button, Card } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** A page that is not shown (not found, no access): a centred card with what happened and a way home. */
export const PageNotice = ({ children, role }: { children: ReactNode; role?: 'alert' }) => {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Box role={role} sx={{ textAlign: 'center', py: 8, px: 3 }}>
        {children}
        <Button variant="contained" component={Link} to="/" sx={{ mt: 3 }}>
          {translate('app.not_found.home')}
        </Button>
      </Box>
    </Card>
  );
};
