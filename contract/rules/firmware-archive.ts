// Issue 16: reads a built archive (`<uuid>.tar.gz`, or a plain tar) into what the verifier checks: its sha256
// and size, its manifest.json and each file's sha256. Web APIs only (DecompressionStream, Web Crypto) and the
// kept tar-stream parser, so that it runs in the browser (/verify) and in Node (`npm run verify`) alike.
import { extract } from 'tar-stream';
import { type ArchiveFacts, type ArchiveManifest, MANIFEST_FILE, sha256Hex } from './attestation';

const isGzip = (bytes: Uint8Array) => bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

async function gunzip(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

interface TarFile {
  path: string;
  data: Uint8Array<ArrayBuffer>;
}

/** Regular files and symlinks (as their target's text, as the builder's manifest hashes them). */
async function tarFiles(tar: Uint8Array): Promise<TarFile[]> {
  const reader = extract();
  const files: TarFile[] = [];
  const reading = (async () => {
    for await (const entry of reader) {
      const chunks: Uint8Array[] = [];
      for await (const chunk of entry) chunks.push(chunk as Uint8Array);
      const { name, type, linkname } = entry.header;
      if (type === 'file' || type === 'contiguous-file') files.push({ path: name, data: concat(chunks) });
      else if (type === 'symlink') files.push({ path: name, data: new TextEncoder().encode(linkname ?? '') });
    }
  })();
  reader.end(tar);
  await reading;
  return files;
}

function concat(chunks: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/**
 * Thrown when the bytes are not a (gzip'd) tar at all. `damaged` (issue 37): they begin as a gzip or a tar does
 * but do not read as one, as a download with a byte changed does, so the file was damaged or altered.
 */
export class NotAnArchiveError extends Error {
  constructor(
    message: string,
    readonly damaged = false,
  ) {
    super(message);
  }
}

/** A POSIX tar's header block says "ustar" at offset 257. */
const looksLikeTar = (bytes: Uint8Array) =>
  bytes.length >= 512 && new TextDecoder().decode(bytes.subarray(257, 262)) === 'ustar';

export async function readFirmwareArchive(bytes: Uint8Array<ArrayBuffer>): Promise<ArchiveFacts> {
  const sha256 = await sha256Hex(bytes);
  let files: TarFile[];
  const gzip = isGzip(bytes);
  let tar: Uint8Array = bytes;
  try {
    if (gzip) tar = await gunzip(bytes);
    files = await tarFiles(tar);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new NotAnArchiveError(message, gzip || looksLikeTar(tar));
  }
  if (files.length === 0) throw new NotAnArchiveError('no files in the archive');
  const tops = new Set(files.map((file) => file.path.replace(/^\.\//, '').split('/')[0]));
  const root = tops.size === 1 && files.every((f) => f.path.includes('/')) ? [...tops][0] : undefined;
  const relative = (path: string) => {
    const clean = path.replace(/^\.\//, '');
    return root ? clean.slice(root.length + 1) : clean;
  };
  const hashes = new Map<string, string>();
  let manifest: ArchiveManifest | undefined;
  for (const file of files) {
    const path = relative(file.path);
    hashes.set(path, await sha256Hex(file.data));
    if (path === MANIFEST_FILE) {
      try {
        manifest = JSON.parse(new TextDecoder().decode(file.data)) as ArchiveManifest;
      } catch {
        manifest = { files: [] };
      }
    }
  }
  return { sha256, size: bytes.length, root, manifest, files: hashes };
}
