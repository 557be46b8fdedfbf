// Issue 42: the charts' colours on each theme's paper. On the dark one every series colour as drawn there is as
// readable as text (4.5:1: a line's hollow marks and the legend's swatches are thin); on the light one at least
// the 3:1 WCAG asks of a chart's marks. The stacked statuses of near hues (done and in progress, failed and
// pending) stay apart by lightness on both.
import { describe, expect, it } from 'vitest';
import { darkTheme, lightTheme } from '../../theme/theme';
import { contrast, OKABE_ITO, SERIES_COLOURS, STATUS_COLOURS, themedColour } from './palette';

const paperOf = (theme: typeof darkTheme) =>
  String((theme.palette?.background as { paper?: string } | undefined)?.paper);
const darkPaper = paperOf(darkTheme);
const lightPaper = paperOf(lightTheme);
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
});

describe('the dashboard palette on the light theme', () => {
  it.each(colours)('draws %s at 3:1 or more on the paper', (colour) => {
    expect(contrast(themedColour(colour, 'light'), lightPaper)).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ['done', 'in_progress'],
    ['failed', 'pending'],
  ] as const)('keeps %s and %s apart by lightness, not hue alone', (a, b) => {
    expect(
      contrast(themedColour(STATUS_COLOURS[a], 'light'), themedColour(STATUS_COLOURS[b], 'light')),
    ).toBeGreaterThanOrEqual(1.5);
  });

  it('keeps the colours Okabe and Ito drew that already read on white', () => {
    expect(themedColour(OKABE_ITO.blue, 'light')).toBe(OKABE_ITO.blue);
  });
});
