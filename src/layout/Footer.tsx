import { Box, Typography } from '@mui/material';
import { APP_NAME, APP_VERSION } from '../appInfo';

export const Footer = () => (
  <Box component="footer" sx={{ mt: 'auto', pt: 3, pb: 1.5, textAlign: 'center' }}>
    <Typography variant="caption" color="text.secondary">
      {APP_NAME} · v{APP_VERSION}
    </Typography>
  </Box>
);
