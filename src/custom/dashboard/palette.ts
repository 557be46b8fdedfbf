// Issue 42: the charts' colours, from Okabe and Ito's palette for colour-blind readers: no two series told apart
// by red against green alone, each series also named in the legend and the table. The mid tones read on the
// light and the dark theme's paper alike.
export const OKABE_ITO = {
  blue: '#0072B2',
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  vermillion: '#D55E00',
  grey: '#999999',
  purple: '#CC79A7',
  yellow: '#F0E442',
  green: '#009E73',
} as const;

export const STATUS_COLOURS = {
  done: OKABE_ITO.blue,
  failed: OKABE_ITO.vermillion,
  cancelled: OKABE_ITO.grey,
  in_progress: OKABE_ITO.skyBlue,
  pending: OKABE_ITO.orange,
} as const;

/** Colours for series without a meaning of their own (regions), in turn. */
export const SERIES_COLOURS = [
  OKABE_ITO.blue,
  OKABE_ITO.orange,
  OKABE_ITO.skyBlue,
  OKABE_ITO.vermillion,
  OKABE_ITO.purple,
  OKABE_ITO.green,
  OKABE_ITO.yellow,
  OKABE_ITO.grey,
];

/**
 * The dark theme's stand-ins for two of Okabe and Ito's colours. Their blue is 3.3:1 on the dark paper
 * (#161b22) and their vermillion 4.47:1: too dim for a line's hollow marks and the legend's swatches. These are
 * 4.8:1 and 4.7:1 there, and still 1.6:1 in lightness from the sky blue and the orange beside them (done and
 * in progress, failed and pending in a stacked bar), so neighbours stay apart without telling hues apart.
 */
export const DARK_STAND_INS: Record<string, string> = {
  [OKABE_ITO.blue]: '#2E8BD9',
  [OKABE_ITO.vermillion]: '#DB6200',
};

/**
 * The light theme's stand-ins for the colours of Okabe and Ito's palette that are under 3:1 on white paper (the
 * contrast WCAG asks of a chart's marks): their orange 2.25:1, sky blue 2.31:1, grey 2.85:1 and yellow 1.32:1,
 * each darkened in its own hue to ~3.1:1. Their vermillion (3.87:1) is darkened to 5:1, as dark as the blue, so
 * that failed stays 1.6:1 in lightness from the orange of pending beside it, as done does from in progress.
 */
export const LIGHT_STAND_INS: Record<string, string> = {
  [OKABE_ITO.orange]: '#C28600',
  [OKABE_ITO.skyBlue]: '#4A9AC7',
  [OKABE_ITO.grey]: '#929292',
  [OKABE_ITO.yellow]: '#9D952B',
  [OKABE_ITO.vermillion]: '#B75100',
};

/** A chart colour as drawn on the theme's paper. */
export const themedColour = (colour: string, mode: 'light' | 'dark'): string =>
  (mode === 'dark' ? DARK_STAND_INS : LIGHT_STAND_INS)[colour] ?? colour;

/** WCAG's relative luminance of a #rrggbb colour. */
export const luminance = (hex: string): number => {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const v = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** WCAG's contrast ratio of two #rrggbb colours (1 to 21). */
export const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};
