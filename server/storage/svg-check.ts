// The check of an uploaded SVG logo: an allow-list. The file is read as XML (namespaces resolved) and may hold
// only drawing elements of SVG, metadata of the editors that write SVG (Inkscape, Illustrator, Sketch…), and
// no attribute that runs script or fetches anything: references stay inside the file (#id) or are inline
// raster images (data:image/png…). Anything not on the lists is refused, not cleaned: a logo is either
// accepted as it was uploaded or not at all.

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

const SVG_ELEMENTS = new Set(
  [
    'svg g defs symbol use title desc metadata switch view style',
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

const refuse = (what: string): SvgCheck => ({ ok: false, reason: `SVG images may not contain ${what}` });
const MALFORMED: SvgCheck = { ok: false, reason: 'The SVG image is not well-formed XML' };

class Refused extends Error {
  constructor(readonly check: SvgCheck) {
    super('refused');
  }
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes character and predefined entity references; any other entity is refused (no DTD defines one). */
function decode(text: string): string {
  return text.replace(/&([^;&\s]*);?/g, (match, ref: string) => {
    if (!match.endsWith(';')) throw new Refused(MALFORMED);
    if (ref in PREDEFINED) return PREDEFINED[ref];
    const code = /^#x[0-9a-f]+$/i.test(ref)
      ? Number.parseInt(ref.slice(2), 16)
      : /^#[0-9]+$/.test(ref)
        ? Number(ref.slice(1))
        : Number.NaN;
    if (!(code > 0 && code <= 0x10ffff)) throw new Refused(refuse('entity references'));
    return String.fromCodePoint(code);
  });
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

/** CSS (a style element or attribute): nothing that fetches, and nothing escaped that could hide it. */
function checkCss(css: string): void {
  const text = squeezed(css);
  if (css.includes('\\')) throw new Refused(refuse('escapes in styles'));
  if (text.includes('javascript:')) throw new Refused(refuse('javascript: links'));
  if (/@import|expression\(|-moz-binding|behavior:/.test(text)) throw new Refused(refuse('style imports'));
  for (const [, target] of text.matchAll(/url\(['"]?([^'")]*)/g)) checkReference(target);
}

function checkAttribute(ns: string, local: string, value: string): void {
  if (/^on/i.test(local)) throw new Refused(refuse('event handler attributes'));
  if (local === 'href' && (ns === '' || ns === XLINK_NS)) checkReference(value);
  else if ((local === 'style' && ns === '') || /url\(/i.test(value)) checkCss(value);
  else if (squeezed(value).includes('javascript:')) throw new Refused(refuse('javascript: links'));
}

const NAME = /^[A-Za-z_][\w.-]*(:[A-Za-z_][\w.-]*)?$/;
const ATTRIBUTE = /\s+([^\s=/>]+)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
const TAG_END = /\s*(\/?)>/y;

interface Open {
  name: string;
  scope: Map<string, string>;
  style: boolean;
}

function split(name: string): [prefix: string, local: string] {
  const colon = name.indexOf(':');
  return colon < 0 ? ['', name] : [name.slice(0, colon), name.slice(colon + 1)];
}

function resolve(scope: Map<string, string>, prefix: string): string {
  if (prefix === 'xml') return XML_NS;
  const ns = scope.get(prefix);
  if (ns === undefined) {
    if (prefix === '') return SVG_NS; // no default namespace: checked as SVG
    throw new Refused(MALFORMED);
  }
  return ns;
}

function checkElement(ns: string, local: string): void {
  if (ns === SVG_NS) {
    if (!SVG_ELEMENTS.has(local)) throw new Refused(refuse(`<${local}>`));
  } else if (!isMetadata(ns)) throw new Refused(refuse(`elements of ${ns || 'no namespace'}`));
}

/** Reads one start tag at `at` (just after its name); answers where it ends. */
function readStartTag(text: string, at: number, name: string, stack: Open[]): number {
  const parent = stack.at(-1);
  const scope = new Map(parent?.scope ?? []);
  const attributes: [string, string][] = [];
  let i = at;
  for (;;) {
    ATTRIBUTE.lastIndex = i;
    const attribute = ATTRIBUTE.exec(text);
    if (!attribute) break;
    i = ATTRIBUTE.lastIndex;
    const [, attrName, double, single] = attribute;
    if (!NAME.test(attrName)) throw new Refused(MALFORMED);
    const value = decode(double ?? single ?? '');
    if (attrName === 'xmlns') scope.set('', value);
    else if (attrName.startsWith('xmlns:')) scope.set(attrName.slice(6), value);
    else attributes.push([attrName, value]);
  }
  TAG_END.lastIndex = i;
  const end = TAG_END.exec(text);
  if (!end) throw new Refused(MALFORMED);
  const [prefix, local] = split(name);
  const ns = resolve(scope, prefix);
  if (stack.length === 0 && !(ns === SVG_NS && local === 'svg')) throw new Refused(MALFORMED);
  checkElement(ns, local);
  for (const [attrName, value] of attributes) {
    const [attrPrefix, attrLocal] = split(attrName);
    checkAttribute(attrPrefix ? resolve(scope, attrPrefix) : '', attrLocal, value);
  }
  if (!end[1]) stack.push({ name, scope, style: ns === SVG_NS && local === 'style' });
  return TAG_END.lastIndex;
}

function walk(text: string): void {
  const stack: Open[] = [];
  let rootSeen = false;
  let i = 0;
  const content = (chunk: string) => {
    if (stack.length === 0) {
      if (chunk.trim()) throw new Refused(MALFORMED);
      return;
    }
    if (stack.at(-1)?.style) checkCss(chunk);
  };
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) {
      content(decode(text.slice(i)));
      break;
    }
    if (lt > i) content(decode(text.slice(i, lt)));
    const skipTo = (closing: string, from: number) => {
      const end = text.indexOf(closing, from);
      if (end < 0) throw new Refused(MALFORMED);
      return end;
    };
    if (text.startsWith('<!--', lt)) {
      i = skipTo('-->', lt + 4) + 3;
    } else if (text.startsWith('<![CDATA[', lt)) {
      const end = skipTo(']]>', lt + 9);
      if (stack.length === 0) throw new Refused(MALFORMED);
      content(text.slice(lt + 9, end));
      i = end + 3;
    } else if (text.startsWith('<?', lt)) {
      const end = skipTo('?>', lt + 2);
      if (/^<\?xml-stylesheet/i.test(text.slice(lt))) throw new Refused(refuse('style sheet instructions'));
      i = end + 2;
    } else if (text.startsWith('<!', lt)) {
      const end = skipTo('>', lt + 2);
      if (stack.length > 0 || rootSeen) throw new Refused(MALFORMED);
      if (/[[<]/.test(text.slice(lt + 2, end))) throw new Refused(refuse('entity declarations'));
      i = end + 1;
    } else if (text.startsWith('</', lt)) {
      const end = skipTo('>', lt + 2);
      const name = text.slice(lt + 2, end).trim();
      if (stack.pop()?.name !== name) throw new Refused(MALFORMED);
      i = end + 1;
    } else {
      const name = /^<([^\s/>]+)/.exec(text.slice(lt, lt + 200))?.[1] ?? '';
      if (!NAME.test(name) || (stack.length === 0 && rootSeen)) throw new Refused(MALFORMED);
      rootSeen = true;
      i = readStartTag(text, lt + 1 + name.length, name, stack);
    }
  }
  if (!rootSeen || stack.length > 0) throw new Refused(MALFORMED);
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
