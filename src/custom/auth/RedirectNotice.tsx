// The notice of the public pages that end by going elsewhere (a module of its own: /login does not need it).
import { Alert, Box, LinearProgress, Stack, Typography } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';

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
