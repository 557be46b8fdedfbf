// Issue 40: the "Never" of a partner (or an agent) never active was drawn in text.disabled, #9e9e9e on the
// light paper (2.67:1), which axe found on /partners only when such a partner was listed. Read as text, it is
// as readable as text must be (WCAG AA, 4.5:1) in both themes.
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { drawnContrast } from '../../test/drawnContrast';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { darkTheme, lightTheme } from '../../theme/theme';
import { LastActive } from './LastActive';

describe('LastActive', () => {
  it.each([
    ['light', lightTheme],
    ['dark', darkTheme],
  ] as const)('draws "Never" at 4.5:1 or more on the %s theme’s paper', (_name, options) => {
    const theme = createTheme(options);
    renderWithAdmin(
      <ThemeProvider theme={theme}>
        <LastActive value={null} />
      </ThemeProvider>,
    );
    expect(drawnContrast(screen.getByText('Never'), theme)).toBeGreaterThanOrEqual(4.5);
  });
});
