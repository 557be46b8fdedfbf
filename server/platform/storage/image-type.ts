import { NOT_AN_IMAGE } from '../../../contract/rules/logo-refusals';
import { checkSvgSafety } from './svg-check';

export interface ImageType {
  ext: 'png' | 'jpg' | 'svg';
  contentType: string;
}

export type ImageCheck = { ok: true; type: ImageType } | { ok: false; reason: string };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function checkSvg(bytes: Buffer): ImageCheck {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const start = text.trimStart();
  const isSvg =
    /^<(svg|\?xml|!--|!DOCTYPE svg)/i.test(start) && /<svg[\s>/]/i.test(text) && !text.includes('\0');
  if (!isSvg) return { ok: false, reason: NOT_AN_IMAGE };
  const safety = checkSvgSafety(text);
  if (!safety.ok) return safety;
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
