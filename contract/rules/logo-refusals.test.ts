import { describe, expect, it } from 'vitest';
import { englishText } from '../english';
import { validation } from '../messages';
import {
  IMAGE_TOO_LARGE,
  logoRefusalMessage,
  NOT_AN_IMAGE,
  SVG_MALFORMED,
  svgRefusal,
} from './logo-refusals';

describe('logoRefusalMessage (issue 37: a refusal reads in the user’s language)', () => {
  it.each([
    [NOT_AN_IMAGE, 'app.logos.not_image'],
    [IMAGE_TOO_LARGE, 'app.logos.too_big'],
    [SVG_MALFORMED, 'app.logos.refused.svg_malformed'],
    [englishText(validation('logos_both')), 'app.validation.logos_both'],
    [svgRefusal('event handler attributes'), 'app.logos.refused.svg_scripts'],
    [svgRefusal('javascript: links'), 'app.logos.refused.svg_scripts'],
    [svgRefusal('links to other documents'), 'app.logos.refused.svg_links'],
    [svgRefusal('style sheet instructions'), 'app.logos.refused.svg_styles'],
    [svgRefusal('entity declarations'), 'app.logos.refused.svg_entities'],
  ])('reads %s', (reason, key) => {
    expect(logoRefusalMessage(reason)).toBe(key);
  });

  it('names a refused element, and knows no other text', () => {
    expect(logoRefusalMessage(svgRefusal('<script>'))).toEqual({
      message: 'app.logos.refused.svg_element',
      args: { what: '<script>' },
    });
    expect(logoRefusalMessage('Extra field not permitted')).toBeUndefined();
  });
});
