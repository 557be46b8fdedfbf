// Issue 36: the CSS an uploaded SVG logo may hold, as an allow-list. A deny-list of what fetches (url(),
// @import…) missed image-set() and will miss whatever CSS adds next, so nothing is looked for here: a style
// attribute is a list of declarations whose property is on the list below and whose value is made only of
// plain tokens (keywords, numbers and lengths, #colours, rgb()/hsl() of numbers, quoted font names, and
// url(#id), a reference inside the file, which fetches nothing); a presentation attribute may call only
// colour and transform functions and url(#id). No backslash anywhere (CSS escapes could spell anything).
//
// Written by hand, on a security boundary, because no parser tells what fetches: a CSS parser (css-tree,
// postcss) would still leave us to decide which of its nodes are safe, which is this list; the grammar
// accepted is small enough to read whole, and refuses anything it does not know.

/** What editors (Inkscape, Illustrator, Figma…) write into style attributes, and nothing that takes an image. */
const PROPERTIES = new Set(
  [
    'fill fill-opacity fill-rule stroke stroke-width stroke-opacity stroke-linecap stroke-linejoin',
    'stroke-miterlimit stroke-dasharray stroke-dashoffset opacity stop-color stop-opacity color display',
    'visibility overflow clip-rule clip-path mask filter marker marker-start marker-mid marker-end',
    'paint-order vector-effect shape-rendering text-rendering image-rendering color-rendering',
    'color-interpolation color-interpolation-filters flood-color flood-opacity lighting-color',
    'mix-blend-mode isolation enable-background solid-color solid-opacity',
    'font font-family font-size font-weight font-style font-variant font-stretch font-size-adjust',
    'font-variant-ligatures font-variant-caps font-variant-numeric font-variant-east-asian',
    'font-feature-settings line-height letter-spacing word-spacing text-anchor text-align',
    'text-decoration text-decoration-line text-decoration-color text-decoration-style text-transform',
    'text-indent writing-mode direction unicode-bidi dominant-baseline alignment-baseline baseline-shift',
    'white-space shape-inside shape-padding shape-margin inline-size text-orientation font-kerning',
    'font-variation-settings transform-origin transform-box',
  ]
    .join(' ')
    .split(' '),
);

/** Editors' own properties (`-inkscape-font-specification`): browsers ignore them; their values are checked. */
const EDITOR_PROPERTY = /^-(inkscape|sodipodi|illustrator|figma)-[a-z-]+$/;

const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?`;
// Functions first: a keyword followed by `(` is no token, so `image-set(` matches nothing.
const TOKEN = new RegExp(
  [
    String.raw`(?:rgba?|hsla?)\(\s*${NUMBER}%?(?:\s*[,/\s]\s*${NUMBER}%?){2,3}\s*\)`, // rgb(1, 2, 3)
    String.raw`url\(\s*(['"]?)#[a-z_][\w.:-]*\1\s*\)`, // url(#gradient): inside the file
    String.raw`'[\p{L}\p{N}_ .,-]*'|"[\p{L}\p{N}_ .,-]*"`, // 'Open Sans'
    String.raw`#[0-9a-f]{3,8}(?![\w(])`, // #1565c0
    String.raw`${NUMBER}(?:%|[a-z]{1,4})?(?![\w(])`, // 12, 0.5, 1e-3, 20px, 50%, 45deg
    String.raw`-?[a-z_][a-z0-9_-]*(?![\w(-])`, // keywords: none, bold, sans-serif, evenodd
    '!important',
  ].join('|'),
  'iyu',
);

/** A value made only of tokens, spaces, commas and slashes (`font: bold 20px/1.2 'Open Sans', sans-serif`). */
function plainValue(value: string): boolean {
  let rest = value.trim();
  if (rest === '') return false;
  while (rest !== '') {
    TOKEN.lastIndex = 0;
    const match = TOKEN.exec(rest);
    if (!match) return false;
    const after = rest.slice(match[0].length);
    // Tokens stand apart: `1px2px` or `'a''b'` are not two of them.
    if (after !== '' && !/^[\s,/]/.test(after)) return false;
    rest = after.replace(/^\s*[,/]?\s*/, '');
  }
  return true;
}

/** A style attribute: `property: value` declarations, each allowed; empty ones (a trailing `;`) are nothing. */
export function allowedStyle(style: string): boolean {
  if (style.includes('\\') || style.includes('/*')) return false;
  return style.split(';').every((declaration) => {
    if (declaration.trim() === '') return true;
    const colon = declaration.indexOf(':');
    if (colon < 0) return false;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const known = PROPERTIES.has(property) || EDITOR_PROPERTY.test(property);
    return known && plainValue(declaration.slice(colon + 1));
  });
}

/** The functions a presentation attribute (fill, transform, filter…) may call: colours, transforms, url(#id). */
const ATTRIBUTE_FUNCTIONS = new Set([
  'url',
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'matrix',
  'translate',
  'scale',
  'rotate',
  'skewx',
  'skewy',
]);

/**
 * A presentation attribute's value (browsers read many as CSS): no escapes, and only the functions above
 * (url() targets are checked by the caller, which says why a link is refused).
 */
export function allowedAttributeValue(value: string): boolean {
  if (value.includes('\\')) return false;
  // A CSS function is a name and `(` with nothing between (`url (x)` is no call).
  for (const [, name] of value.matchAll(/([\w-]+)\(/g)) {
    if (!ATTRIBUTE_FUNCTIONS.has(name.toLowerCase())) return false;
  }
  return true;
}
