import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Box, Button, Card, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/**
 * A signed-in person on a page their role may not open (issue 37, item 2.2): they are told so and stay signed
 * in, where they used to be sent home or, after the API's 403, signed out without a word.
 */
export const AccessDenied = () => {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Box role="alert" sx={{ textAlign: 'center', py: 8, px: 3 }}>
        <LockOutlinedIcon color="disabled" sx={{ fontSize: '3rem' }} />
        <Typography variant="h6" component="h2" sx={{ mt: 1, mb: 3 }}>
          {translate('app.auth.no_access')}
        </Typography>
        <Button variant="contained" component={Link} to="/">
          {translate('app.not_found.home')}
        </Button>
      </Box>
    </Card>
  );
};
