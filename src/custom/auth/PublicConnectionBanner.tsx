import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useConnectionDown } from '../../dataProvider/useConnectionDown';

/**
 * The public pages' banner while the server cannot be reached: a strip across the top of the page. It is part
 * of the first download (a chunk could not be fetched while the server is away), so it is a plain box.
 */
export const PublicConnectionBanner = () => {
  const translate = useTranslate();
  if (!useConnectionDown()) return null;
  return (
    <Box
      role="alert"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: 'snackbar',
        px: 2,
        py: 1,
        textAlign: 'center',
        typography: 'body2',
        fontWeight: 500,
        bgcolor: 'warning.main',
        color: 'warning.contrastText',
      }}
    >
      {translate('app.connection.lost')}
    </Box>
  );
};
