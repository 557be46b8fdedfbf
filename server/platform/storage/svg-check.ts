// The check of an uploaded SVG logo: an allow-list. The file is read as XML by saxes (a conforming,
// non-validating parser: namespaces resolved, entities decoded, anything not well-formed refused) and may hold
// only drawing elements of SVG, metadata of the editors that write SVG (Inkscape, Illustrator, Sketch…), and
// no attribute that runs script or fetches anything: references stay inside the file (#id) or are inline
// raster images (data:image/png…). CSS is allowed by a list too (svg-css.ts): no <style> element, style
// attributes of listed properties with plain values (issue 36). Anything not on the lists is refused, not
// cleaned: a logo is either accepted as it was uploaded or not at all.
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { SVG_MALFORMED, svgRefusal } from '../../../contract/rules/logo-refusals';
import { allowedAttributeValue, allowedStyle } from './svg-css';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

const SVG_ELEMENTS = new Set(
  [
    'svg g defs symbol use title desc metadata switch view',
    'path rect circle ellipse line polyline polygon image text tspan textPath',
    'linearGradient radialGradient stop pattern clipPath mask marker filter',
    'feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap',
    'feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feImage feMerge',
    'feMergeNode feMorphology feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence',
  ]
    .join(' ')
    .split(' '),
);

/** Editors' own namespaces: browsers draw nothing of them and run nothing in them. */
const METADATA_NS = [
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://purl.org/dc/elements/1.1/',
  'http://purl.org/dc/terms/',
  'http://creativecommons.org/ns#',
  'http://web.resource.org/cc/',
  'http://ns.adobe.com/',
  'http://www.bohemiancoding.com/sketch/ns',
  'http://www.serif.com/',
  'http://www.figma.com/figma/ns',
];
const isMetadata = (ns: string) => METADATA_NS.some((known) => ns === known || ns.startsWith(known));

export type SvgCheck = { ok: true } | { ok: false; reason: string };

const refuse = (what: string): SvgCheck => ({ ok: false, reason: svgRefusal(what) });
const MALFORMED: SvgCheck = { ok: false, reason: SVG_MALFORMED };

class Refused extends Error {
  constructor(readonly check: SvgCheck) {
    super('refused');
  }
}

/** What a URL parser would see: no whitespace or control characters. */
const squeezed = (value: string) => value.replace(/[\s\p{Cc}]/gu, '').toLowerCase();

const INLINE_IMAGE = /^data:image\/(png|jpeg|gif|webp)[;,]/;

function checkReference(value: string): void {
  const target = squeezed(value);
  if (target.startsWith('#') || INLINE_IMAGE.test(target)) return;
  if (target.includes('javascript:')) throw new Refused(refuse('javascript: links'));
  throw new Refused(refuse('links to other documents'));
}

const NOT_PLAIN = refuse('styles other than plain drawing properties');

/** The url() targets of a value: each inside the file, or an inline raster image. */
function checkUrls(value: string): void {
  for (const [, target] of squeezed(value).matchAll(/url\(['"]?([^'")]*)/g)) checkReference(target);
}

function checkAttribute(ns: string, local: string, value: string): void {
  if (/^on/i.test(local)) throw new Refused(refuse('event handler attributes'));
  if (local === 'href' && (ns === '' || ns === XLINK_NS)) {
    checkReference(value);
    return;
  }
  if (squeezed(value).includes('javascript:')) throw new Refused(refuse('javascript: links'));
  if (ns === '' && local === 'style') {
    if (!allowedStyle(value)) throw new Refused(NOT_PLAIN);
    return;
  }
  checkUrls(value);
  // Browsers read presentation attributes (fill, mask, filter…) as CSS; editors' namespaced ones as nothing.
  if (ns === '' && !allowedAttributeValue(value)) throw new Refused(NOT_PLAIN);
}

function checkElement(ns: string, local: string): void {
  if (ns === SVG_NS) {
    if (!SVG_ELEMENTS.has(local)) throw new Refused(refuse(`<${local}>`));
  } else if (!isMetadata(ns)) throw new Refused(refuse(`elements of ${ns || 'no namespace'}`));
}

/**
 * An element's namespace. With no default namespace declared on it or around it (`<svg>` alone, which
 * browsers take as SVG), an unprefixed element is checked as SVG; one under `xmlns=""` is in no namespace.
 */
function namespaceOf(tag: SaxesTagNS, defaultDeclared: boolean): string {
  if (tag.uri === '' && tag.prefix === '' && !defaultDeclared) return SVG_NS;
  return tag.uri;
}

function checkStartTag(tag: SaxesTagNS, ns: string, root: boolean): void {
  if (root && !(ns === SVG_NS && tag.local === 'svg')) throw new Refused(MALFORMED);
  checkElement(ns, tag.local);
  for (const attribute of Object.values(tag.attributes)) {
    // Namespace declarations name namespaces; what uses them is checked above and here.
    if (attribute.name === 'xmlns' || attribute.prefix === 'xmlns') continue;
    checkAttribute(attribute.prefix ? attribute.uri : '', attribute.local, attribute.value);
  }
}

function walk(text: string): void {
  const parser = new SaxesParser({ xmlns: true });
  // Each open element: whether a default namespace is declared on it or around it.
  const open: { defaultDeclared: boolean }[] = [];
  let rootSeen = false;
  parser.on('error', (error) => {
    // saxes knows only XML's five named entities; no DTD may define others (see the doctype below).
    throw new Refused(/undefined entity\.$/.test(error.message) ? refuse('entity references') : MALFORMED);
  });
  parser.on('doctype', (doctype) => {
    if (/[[<]/.test(doctype)) throw new Refused(refuse('entity declarations'));
  });
  parser.on('processinginstruction', ({ target }) => {
    if (target.toLowerCase() === 'xml-stylesheet') throw new Refused(refuse('style sheet instructions'));
  });
  parser.on('opentag', (tag) => {
    const defaultDeclared = '' in tag.ns || (open.at(-1)?.defaultDeclared ?? false);
    const ns = namespaceOf(tag, defaultDeclared);
    checkStartTag(tag, ns, !rootSeen);
    rootSeen = true;
    open.push({ defaultDeclared });
  });
  parser.on('closetag', () => open.pop());
  // Blank lines before the XML declaration (hand edits leave them) are read as if it came first, as before.
  parser.write(text.replace(/^\uFEFF?\s+(?=<\?xml\s)/, '')).close();
  if (!rootSeen) throw new Refused(MALFORMED);
}

/** Whether `text` is an SVG image that can be shown, and opened on its own, without running or fetching. */
export function checkSvgSafety(text: string): SvgCheck {
  try {
    walk(text);
    return { ok: true };
  } catch (error) {
    if (error instanceof Refused) return error.check;
    throw error;
  }
}
