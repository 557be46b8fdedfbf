// Issue 42: the charts' colours on the dark theme's paper. Every series colour as drawn there is as readable
// as text (4.5:1: a line's hollow marks and the legend's swatches are thin), and the stacked statuses of
// near hues (done and in progress, failed and pending) stay apart by lightness.
import { describe, expect, it } from 'vitest';
import { darkTheme } from '../../theme/theme';
import { contrast, OKABE_ITO, SERIES_COLOURS, STATUS_COLOURS, themedColour } from './palette';

const darkPaper = String((darkTheme.palette?.background as { paper?: string } | undefined)?.paper);
const colours = [...new Set([...SERIES_COLOURS, ...Object.values(STATUS_COLOURS)])];

describe('the dashboard palette on the dark theme', () => {
  it.each(colours)('draws %s at 4.5:1 or more on the paper', (colour) => {
    expect(contrast(themedColour(colour, 'dark'), darkPaper)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['done', 'in_progress'],
    ['failed', 'pending'],
  ] as const)('keeps %s and %s apart by lightness, not hue alone', (a, b) => {
    const one = themedColour(STATUS_COLOURS[a], 'dark');
    const other = themedColour(STATUS_COLOURS[b], 'dark');
    expect(contrast(one, other)).toBeGreaterThanOrEqual(1.5);
  });

  it('leaves the light theme as Okabe and Ito drew it', () => {
    expect(themedColour(OKABE_ITO.blue, 'light')).toBe(OKABE_ITO.blue);
  });
});
