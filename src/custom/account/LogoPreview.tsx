import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export type LogoTheme = 'light' | 'dark';

/** An image on the background of the theme it is meant for. */
export const LogoPreview = ({ src, theme, alt }: { src?: string; theme: LogoTheme; alt: string }) => {
  const translate = useTranslate();
  return (
    <Box
      sx={{
        flex: 1,
        minWidth: 0,
        height: '5rem',
        display: 'grid',
        placeItems: 'center',
        p: 1.5,
        bgcolor: theme === 'light' ? '#ffffff' : '#111418',
        color: theme === 'light' ? '#5b6472' : '#9aa4b2',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
      }}
    >
      {src ? (
        <Box
          component="img"
          src={src}
          alt={alt}
          sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
        />
      ) : (
        <Typography variant="caption">{translate(`app.logos.${theme}`)}</Typography>
      )}
    </Box>
  );
};
