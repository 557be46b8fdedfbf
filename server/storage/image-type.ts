export interface ImageType {
  ext: 'png' | 'jpg' | 'svg';
  contentType: string;
}

export type ImageCheck = { ok: true; type: ImageType } | { ok: false; reason: string };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const NOT_AN_IMAGE = 'Only PNG, JPEG or SVG images are allowed';

// Anything that can run script or pull in other documents when the SVG is opened on its own. Elements may
// carry a namespace prefix (<x:script>), and the text is checked after character references are decoded and
// the tabs and newlines a URL parser drops are removed (jav&#x61;script:, java&#9;script:).
const SVG_DANGERS: [RegExp, string][] = [
  [/<([\w.-]+:)?script[\s>/]/i, 'script'],
  [/[\s/]on[a-z]+\s*=/i, 'event handler attributes'],
  [/javascript\s*:/i, 'javascript: links'],
  [/<!ENTITY/i, 'entity declarations'],
  [/<([\w.-]+:)?foreignObject[\s>/]/i, 'foreignObject'],
  [/<([\w.-]+:)?(iframe|embed|object)[\s>/]/i, 'embedded documents'],
];

function decodeReferences(text: string): string {
  const char = (code: number) => (code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '');
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_match, hex: string) => char(Number.parseInt(hex, 16)))
    .replace(/&#([0-9]+);?/g, (_match, decimal: string) => char(Number(decimal)));
}

function checkSvg(bytes: Buffer): ImageCheck {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const start = text.trimStart();
  const isSvg =
    (start.startsWith('<svg') || start.startsWith('<?xml')) &&
    /<svg[\s>/]/i.test(text) &&
    !text.includes('\0');
  if (!isSvg) return { ok: false, reason: NOT_AN_IMAGE };
  const decoded = decodeReferences(text);
  const squeezed = decoded.replace(/[\t\n\r]/g, '');
  const danger = SVG_DANGERS.find(([pattern]) => pattern.test(decoded) || pattern.test(squeezed));
  if (danger) return { ok: false, reason: `SVG images may not contain ${danger[1]}` };
  return { ok: true, type: { ext: 'svg', contentType: 'image/svg+xml' } };
}

/** Tells the image type by the bytes, never by the file's name or the declared type. */
export function checkImage(bytes: Buffer): ImageCheck {
  if (bytes.length >= PNG_SIGNATURE.length && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    return { ok: true, type: { ext: 'png', contentType: 'image/png' } };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { ok: true, type: { ext: 'jpg', contentType: 'image/jpeg' } };
  }
  return checkSvg(bytes);
}
