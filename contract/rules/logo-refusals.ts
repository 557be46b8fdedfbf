// Why an uploaded logo image is refused (spec §5 Logo): the server's English reasons, and the console's message
// for each, so a refusal reads in the user's language, naming the file (issue 37).
import { englishText } from '../english';
import { type Message, validation } from '../messages';

export const NOT_AN_IMAGE = 'Only PNG, JPEG or SVG images are allowed';
export const IMAGE_TOO_LARGE = 'The image must be at most 2 MiB';
export const SVG_MALFORMED = 'The SVG image is not well-formed XML';
const SVG_HOLDS = 'SVG images may not contain ';

/** An SVG refused for what it holds: an element (`<script>`), attributes, links, styles… */
export const svgRefusal = (what: string) => `${SVG_HOLDS}${what}`;

const SVG_KINDS: [RegExp, string][] = [
  [/^(event handler attributes|javascript: links)$/, 'svg_scripts'],
  [/^links to other documents$/, 'svg_links'],
  [/^(styles other than plain drawing properties|style sheet instructions)$/, 'svg_styles'],
  [/^entity (references|declarations)$/, 'svg_entities'],
];

/** The message (an i18n key) of a server's refusal of a logo image, or undefined for a text it does not know. */
export function logoRefusalMessage(reason: string): Message | undefined {
  if (reason === NOT_AN_IMAGE) return 'app.logos.not_image';
  if (reason === IMAGE_TOO_LARGE) return 'app.logos.too_big';
  if (reason === SVG_MALFORMED) return 'app.logos.refused.svg_malformed';
  if (reason === englishText(validation('logos_both'))) return validation('logos_both');
  if (!reason.startsWith(SVG_HOLDS)) return undefined;
  const what = reason.slice(SVG_HOLDS.length);
  const kind = SVG_KINDS.find(([pattern]) => pattern.test(what))?.[1];
  return kind ? `app.logos.refused.${kind}` : { message: 'app.logos.refused.svg_element', args: { what } };
}

/** The multipart fields of a logo set's two images. */
export const LOGO_IMAGE_FIELDS = ['image_le', 'image_de'] as const;
export type LogoImageField = (typeof LOGO_IMAGE_FIELDS)[number];
export const isLogoImageField = (field: string): field is LogoImageField =>
  (LOGO_IMAGE_FIELDS as readonly string[]).includes(field);
