// The light and dark themes, on top of react-admin's defaults. Spacing is in rem so that the interface scale
// (the root font size, see applyScale) grows and shrinks the whole page, not only the text.
import { alpha, type ThemeOptions } from '@mui/material/styles';
import { defaultDarkTheme, defaultLightTheme } from 'react-admin';
import { BREAKPOINTS } from '../../contract/constants';
import { deepMerge } from '../i18n/deepMerge';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
    xxxl: true;
  }
}

const FONT = '"Inter", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const common = (mode: 'light' | 'dark'): ThemeOptions => {
  // Light-mode colours are dark enough for text on white and on their own 8% tint (WCAG AA, 4.5:1).
  const primary = mode === 'light' ? '#1a64c7' : '#6aa8ff';
  const divider = mode === 'light' ? '#e3e8ef' : '#2a313c';
  return {
    breakpoints: { values: { ...BREAKPOINTS } },
    spacing: (factor: number) => `${0.5 * factor}rem`,
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: FONT,
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600, letterSpacing: 0 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    palette: {
      mode,
      primary: { main: primary },
      secondary: { main: mode === 'light' ? '#0f766e' : '#2dd4bf' },
      ...(mode === 'light' && { info: { main: '#0369a1' }, warning: { main: '#b45309' } }),
      divider,
      background:
        mode === 'light'
          ? { default: '#f4f6fa', paper: '#ffffff' }
          : { default: '#0e1116', paper: '#161b22' },
    },
    sidebar: { width: 248, closedWidth: 56 },
    components: {
      // Issue 37: after a failed submit the browser scrolls the first bad field into view, and its label lay
      // under the fixed app bar (at most 4rem high): scrolling keeps the bar's height and a line clear.
      MuiCssBaseline: {
        styleOverrides: {
          html: { scrollPaddingTop: APP_BAR_CLEARANCE },
        },
      },
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
        styleOverrides: {
          root: ({ theme }) => ({
            backgroundColor: theme.palette.background.paper,
            color: theme.palette.text.primary,
            borderBottom: `1px solid ${theme.palette.divider}`,
          }),
        },
      },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: ({ theme }) => ({ border: `1px solid ${theme.palette.divider}` }) },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      RaMenuItemLink: {
        styleOverrides: {
          root: ({ theme }) => ({
            borderRadius: 8,
            margin: theme.spacing(0.25, 1),
            color: theme.palette.text.secondary,
            '&.RaMenuItemLink-active': {
              color: theme.palette.primary.main,
              backgroundColor: alpha(theme.palette.primary.main, 0.1),
              fontWeight: 600,
              '& .MuiListItemIcon-root': { color: theme.palette.primary.main },
            },
          }),
        },
      },
    },
  };
};

/** What scrolling a field into view keeps clear at the top: the fixed app bar and its label's line. */
export const APP_BAR_CLEARANCE = '5.5rem';

export const lightTheme: ThemeOptions = deepMerge(defaultLightTheme, common('light'));
export const darkTheme: ThemeOptions = deepMerge(defaultDarkTheme, common('dark'));
