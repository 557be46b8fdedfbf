// A picked logo is checked by its first bytes before it is previewed or sent (issue 15, item 12): a text file
// named logo.png has the type image/png by its name, but is no image. The server checks the same way on upload.
import { logoFileError } from './logoFiles';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const SVG_START = /^<(svg|\?xml|!--|!DOCTYPE svg)/i;
const HEAD_BYTES = 512;

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/** Whether the bytes begin as a PNG, a JPEG or an SVG document. */
export function looksLikeImage(bytes: Uint8Array): boolean {
  if (startsWith(bytes, PNG) || startsWith(bytes, JPEG)) return true;
  if (bytes.includes(0)) return false;
  const text = new TextDecoder()
    .decode(bytes)
    .replace(/^\uFEFF/, '')
    .trimStart();
  return SVG_START.test(text);
}

const readHead = (file: Blob): Promise<ArrayBuffer> => {
  const head = file.slice(0, HEAD_BYTES);
  if (typeof head.arrayBuffer === 'function') return head.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(head);
  });
};

/** The message key of what is wrong with a picked logo file: its type, its size, or content that is no image. */
export async function logoFileProblem(file: File): Promise<string | undefined> {
  const byName = logoFileError(file);
  if (byName) return byName;
  try {
    return looksLikeImage(new Uint8Array(await readHead(file))) ? undefined : 'app.logos.not_image';
  } catch {
    return 'app.logos.not_image';
  }
}
