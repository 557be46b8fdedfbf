import MemoryIcon from '@mui/icons-material/Memory';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  LinearProgress,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { APP_NAME, APP_VERSION, type Language } from '../../lib/constants';
import { useLanguage } from '../shell/usePreferences';

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

/**
 * A success message, then 'Redirecting…' with a bar that fills over `delay` ms, then the browser goes to `to`
 * (spec §4: /login 7 s after a password reset, / 3 s after an e-mail change).
 */
export const RedirectNotice = ({ message, to, delay }: { message: ReactNode; to: string; delay: number }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [started] = useState(() => Date.now());
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => navigate(to, { replace: true }), delay);
    const tick = setInterval(() => setProgress(Math.min(100, ((Date.now() - started) / delay) * 100)), 100);
    return () => {
      clearTimeout(timer);
      clearInterval(tick);
    };
  }, [navigate, to, delay, started]);

  return (
    <Stack spacing={2} role="status">
      <Alert severity="success">{message}</Alert>
      <Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('app.notifications.redirecting')}…
        </Typography>
        <LinearProgress variant="determinate" value={progress} sx={{ borderRadius: 1 }} />
      </Box>
    </Stack>
  );
};
