import { Box, Button, Card, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

export const NotFound = () => {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Box sx={{ textAlign: 'center', py: 8, px: 3 }}>
        <Typography variant="h2" component="p" color="primary" sx={{ fontWeight: 700 }}>
          404
        </Typography>
        <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
          {translate('app.not_found.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          {translate('app.not_found.text')}
        </Typography>
        <Button variant="contained" component={Link} to="/">
          {translate('app.not_found.home')}
        </Button>
      </Box>
    </Card>
  );
};
