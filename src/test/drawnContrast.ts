import type { Theme } from '@mui/material/styles';
import { contrast } from '../custom/dashboard/palette';

/** `rgb(…)` or `rgba(…)` as drawn over the opaque `#rrggbb` background, as `#rrggbb`. */
function over(colour: string, background: string): string {
  const [r, g, b, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  const bg = [1, 3, 5].map((i) => Number.parseInt(background.slice(i, i + 2), 16));
  return `#${[r, g, b]
    .map((c, i) => Math.round(c * a + bg[i] * (1 - a)))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** The contrast of an element's text colour, as jsdom computes it, with the theme's paper (WCAG AA: 4.5). */
export function drawnContrast(element: Element, theme: Theme): number {
  const drawn = getComputedStyle(element).color;
  if (!/^rgba?\(/.test(drawn)) throw new Error(`no colour drawn: "${drawn}"`);
  const paper = theme.palette.background.paper;
  return contrast(over(drawn, paper), paper);
}
