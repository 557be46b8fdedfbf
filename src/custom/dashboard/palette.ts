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
