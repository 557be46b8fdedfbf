// Issue 40: words and dashes that stand for "nothing here" were drawn in text.disabled, #9e9e9e on the light
// paper (2.67:1), so axe would fail any page the moment it showed one (it did on /partners, for "Never"). They
// are text to read (WCAG AA, 4.5:1) in both themes.
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditChanges } from '../resources/audit/AuditChanges';
import type { AuditEntry } from '../resources/audit/types';
import { PartnerStatusChips } from '../resources/partners/PartnerChips';
import type { Partner } from '../resources/partners/types';
import { drawnContrast } from '../test/drawnContrast';
import { renderWithAdmin } from '../test/renderWithAdmin';
import { darkTheme, lightTheme } from './theme';

const states = [
  [
    'an audit entry without details',
    () => <AuditChanges entry={{ before: null, after: null } as AuditEntry} />,
    'No details',
  ],
  ['a partner without a status', () => <PartnerStatusChips partner={{} as Partner} />, '—'],
] as const;

describe('empty states', () => {
  for (const [name, options] of [
    ['light', lightTheme],
    ['dark', darkTheme],
  ] as const) {
    it.each(states)(`draws %s at 4.5:1 or more on the ${name} theme’s paper`, (_state, render, text) => {
      const theme = createTheme(options);
      renderWithAdmin(<ThemeProvider theme={theme}>{render()}</ThemeProvider>);
      expect(drawnContrast(screen.getByText(text), theme)).toBeGreaterThanOrEqual(4.5);
    });
  }
});
