import { describe, expect, it } from 'vitest';
import { APP_BAR_CLEARANCE, darkTheme, lightTheme } from './theme';

// Issue 37: a failed submit scrolled the first bad field's label under the fixed app bar.
describe('theme', () => {
  it('keeps the app bar clear when the browser scrolls a field into view', () => {
    for (const theme of [lightTheme, darkTheme]) {
      const overrides = theme.components?.MuiCssBaseline?.styleOverrides as { html?: Record<string, string> };
      expect(overrides?.html?.scrollPaddingTop).toBe(APP_BAR_CLEARANCE);
    }
  });
});
