export interface ImageType {
  ext: 'png' | 'jpg' | 'svg';
  contentType: string;
}

export type ImageCheck = { ok: true; type: ImageType } | { ok: false; reason: string };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const NOT_AN_IMAGE = 'Only PNG, JPEG or SVG images are allowed';

// Anything that can run script or pull in other documents when the SVG is opened on its own.
const SVG_DANGERS: [RegExp, string][] = [
  [/<script[\s>/]/i, 'script'],
  [/\son[a-z]+\s*=/i, 'event handler attributes'],
  [/javascript\s*:/i, 'javascript: links'],
  [/<!ENTITY/i, 'entity declarations'],
  [/<foreignObject[\s>/]/i, 'foreignObject'],
  [/<(iframe|embed|object)[\s>/]/i, 'embedded documents'],
];

function checkSvg(bytes: Buffer): ImageCheck {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const start = text.trimStart();
  const isSvg =
    (start.startsWith('<svg') || start.startsWith('<?xml')) &&
    /<svg[\s>/]/i.test(text) &&
    !text.includes('\0');
  if (!isSvg) return { ok: false, reason: NOT_AN_IMAGE };
  const danger = SVG_DANGERS.find(([pattern]) => pattern.test(text));
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
