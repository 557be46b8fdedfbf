// Table columns that step aside on narrow windows (spec §9's breakpoints; issue 15, item 2): a secondary column
// is shown from the given breakpoint up, so the table fits its card at 640, 768 and 992 px.
import type { SxProps, Theme } from '@mui/material';

type Breakpoint = 'sm' | 'md' | 'lg' | 'xl' | 'xxl';

/** The sx of a table cell (header and body) shown only from `breakpoint` up. */
export const showFrom = (breakpoint: Breakpoint): SxProps<Theme> => ({
  display: { xs: 'none', [breakpoint]: 'table-cell' },
});
