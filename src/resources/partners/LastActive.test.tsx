// Issue 40: the "Never" of a partner (or an agent) never active was drawn in text.disabled, #9e9e9e on the
// light paper (2.67:1), which axe found on /partners only when such a partner was listed. Read as text, it is
// as readable as text must be (WCAG AA, 4.5:1) in both themes.
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contrast } from '../../custom/dashboard/palette';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { darkTheme, lightTheme } from '../../theme/theme';
import { LastActive } from './LastActive';

/** `rgb(…)` or `rgba(…)` as drawn over the opaque `#rrggbb` background, as `#rrggbb`. */
function over(colour: string, background: string): string {
  const [r, g, b, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  const bg = [1, 3, 5].map((i) => Number.parseInt(background.slice(i, i + 2), 16));
  return `#${[r, g, b]
    .map((c, i) => Math.round(c * a + bg[i] * (1 - a)))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

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
    const drawn = getComputedStyle(screen.getByText('Never')).color;
    expect(drawn).toMatch(/^rgba?\(/);
    const paper = theme.palette.background.paper;
    expect(contrast(over(drawn, paper), paper)).toBeGreaterThanOrEqual(4.5);
  });
});
