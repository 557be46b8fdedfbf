import MemoryIcon from '@mui/icons-material/Memory';
import { Box, Button, Card, CardContent, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Language } from '../../../contract/constants';
import { APP_NAME, APP_VERSION } from '../../appInfo';
import { useLanguage } from '../../i18n/useLanguage';

const LanguageLinks = () => {
  const [language, setLanguage] = useLanguage();
  const item = (value: Language, label: string) => (
    <Link
      component="button"
      type="button"
      lang={value}
      underline={language === value ? 'none' : 'hover'}
      color={language === value ? 'text.primary' : 'text.secondary'}
      sx={{ fontWeight: language === value ? 600 : 400 }}
      aria-pressed={language === value}
      onClick={() => setLanguage(value)}
    >
      {label}
    </Link>
  );
  return (
    <Stack direction="row" spacing={1.5} alignItems="center">
      {item('en', 'English')}
      <Typography color="text.disabled">·</Typography>
      {item('ru', 'Русский')}
    </Stack>
  );
};

/** The frame of the public pages (sign-in, password reset, …): the product's name and one card. */
export const AuthCard = ({
  title,
  subtitle,
  width = '27rem',
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  width?: string;
  children: ReactNode;
}) => (
  <Box
    component="main"
    sx={(theme) => ({
      minHeight: '100vh',
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      gap: 3,
      p: 2,
      background: `radial-gradient(60rem 30rem at 50% -10%, ${alpha(theme.palette.primary.main, 0.18)}, transparent), ${theme.palette.background.default}`,
    })}
  >
    <Stack direction="row" spacing={1.5} alignItems="center">
      <Box
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: '2.5rem',
          height: '2.5rem',
          borderRadius: 2.5,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          boxShadow: 3,
        }}
      >
        <MemoryIcon />
      </Box>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {APP_NAME}
      </Typography>
    </Stack>
    <Card sx={{ width: '100%', maxWidth: width, boxShadow: '0 10px 40px rgba(15, 23, 42, 0.08)' }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
        <Box sx={{ mt: 2.5 }}>{children}</Box>
      </CardContent>
    </Card>
    <Stack alignItems="center" spacing={1}>
      <LanguageLinks />
      <Typography variant="caption" color="text.secondary">
        v{APP_VERSION}
      </Typography>
    </Stack>
  </Box>
);

/** The form's submit button, with a spinner while the call runs. */
export const SubmitButton = ({ label, loading }: { label: string; loading: boolean }) => (
  <Button
    type="submit"
    variant="contained"
    size="large"
    fullWidth
    disabled={loading}
    startIcon={loading ? <CircularProgress size={18} color="inherit" /> : undefined}
    sx={{ mt: 2 }}
  >
    {label}
  </Button>
);

export const BackToSignIn = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2.5, textAlign: 'center' }}>
      <Link component={RouterLink} to="/login" variant="body2">
        {translate('app.auth.back_to_sign_in')}
      </Link>
    </Box>
  );
};
