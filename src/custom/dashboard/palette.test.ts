// Issue 42: the charts' colours on each theme's paper. On the dark one every series colour as drawn there is as
// readable as text (4.5:1: a line's hollow marks and the legend's swatches are thin); on the light one at least
// the 3:1 WCAG asks of a chart's marks. The stacked statuses of near hues (done and in progress, failed and
// pending) stay apart by lightness on both.
import { describe, expect, it } from 'vitest';
import { darkTheme, lightTheme } from '../../theme/theme';
import { contrast, OKABE_ITO, SERIES_COLOURS, STATUS_COLOURS, themedColour } from './palette';

const paperOf = (theme: typeof darkTheme) =>
  String((theme.palette?.background as { paper?: string } | undefined)?.paper);
const colours = [...new Set([...SERIES_COLOURS, ...Object.values(STATUS_COLOURS)])];

describe.each([
  { mode: 'dark', paper: paperOf(darkTheme), ratio: 4.5 },
  { mode: 'light', paper: paperOf(lightTheme), ratio: 3 },
] as const)('the dashboard palette on the $mode theme', ({ mode, paper, ratio }) => {
  it.each(colours)(`draws %s at ${ratio}:1 or more on the paper`, (colour) => {
    expect(contrast(themedColour(colour, mode), paper)).toBeGreaterThanOrEqual(ratio);
  });

  it.each([
    ['done', 'in_progress'],
    ['failed', 'pending'],
  ] as const)('keeps %s and %s apart by lightness, not hue alone', (a, b) => {
    expect(
      contrast(themedColour(STATUS_COLOURS[a], mode), themedColour(STATUS_COLOURS[b], mode)),
    ).toBeGreaterThanOrEqual(1.5);
  });
});

it('keeps the colours Okabe and Ito drew that already read on white', () => {
  expect(themedColour(OKABE_ITO.blue, 'light')).toBe(OKABE_ITO.blue);
});
