// The console's MUI theme for the public pages drawn with MUI (password reset, e-mail confirmation,
// unsubscribe, shared links, verification): loaded with them, never with the sign-in page.
import { CssBaseline } from '@mui/material';
import { createTheme } from '@mui/material/styles';
// MUI's own ThemeProvider without CSS variables (what @mui/material's ThemeProvider renders for a theme made by
// createTheme), leaving the CSS-variables machinery out.
import { ThemeProvider } from '@mui/system';
import { type ReactNode, useMemo } from 'react';
import { darkTheme, lightTheme } from '../../theme/theme';
import { usePublicThemeMode } from './PublicShell';

export const PublicMuiTheme = ({ children }: { children: ReactNode }) => {
  const mode = usePublicThemeMode();
  const theme = useMemo(() => createTheme(mode === 'dark' ? darkTheme : lightTheme), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
};
