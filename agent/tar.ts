// Tar archives through tar-stream: reading `git archive` output (pax headers included) and the archives
// the builder packs. The builder keeps regular files, directories and symlinks; the other kinds are read as
// what they are (tar-stream's names) so that whoever unpacks can refuse them by name, and tests can pack them.
import { type Header, type Pack, extract as tarExtract, pack as tarPack } from 'tar-stream';

/** `link` is a hard link (its `linkname` the entry it shares data with). */
export type TarEntryType =
  | 'file'
  | 'directory'
  | 'symlink'
  | 'link'
  | 'character-device'
  | 'block-device'
  | 'fifo';

const READ_TYPES = new Set<string>(['link', 'character-device', 'block-device', 'fifo']);

export interface TarEntry {
  path: string;
  type: TarEntryType;
  mode: number;
  /** Seconds since the epoch. */
  mtime: number;
  data: Buffer;
  linkname?: string;
}

function add(pack: Pack, entry: TarEntry): Promise<void> {
  const directory = entry.type === 'directory' && !entry.path.endsWith('/');
  const header: Partial<Header> & { name: string } = {
    // As tar itself writes them.
    name: directory ? `${entry.path}/` : entry.path,
    type: entry.type,
    mode: entry.mode,
    mtime: new Date(Math.max(0, Math.floor(entry.mtime)) * 1000),
    linkname: entry.type === 'symlink' || entry.type === 'link' ? entry.linkname : undefined,
    uname: 'root',
    gname: 'root',
  };
  return new Promise((resolve, reject) => {
    const done = (error?: Error | null) => (error ? reject(error) : resolve());
    if (entry.type === 'file') pack.entry(header, entry.data, done);
    else pack.entry(header, done);
  });
}

/**
 * An archive of `entries`, streamed: one entry's data is held at a time (tar-stream waits for the reader
 * before it takes the next). Paths and links too long for ustar get a pax header.
 */
export async function* packEntries(
  entries: AsyncIterable<TarEntry> | Iterable<TarEntry>,
): AsyncGenerator<Buffer> {
  const pack = tarPack();
  void (async () => {
    for await (const entry of entries) await add(pack, entry);
    pack.finalize();
  })().catch((error: Error) => pack.destroy(error));
  try {
    for await (const chunk of pack) yield chunk as Buffer;
  } finally {
    pack.destroy();
  }
}

export async function packTar(entries: TarEntry[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of packEntries(entries)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** tar-stream's word for a header whose checksum does not add up. */
function readError(error: unknown): unknown {
  if (error instanceof Error && /^Invalid tar header\. Maybe the tar is corrupted/.test(error.message))
    return new Error('Invalid tar header checksum', { cause: error });
  return error;
}

/** Reads the entries of an uncompressed tar, streaming: only one entry's data is held at a time. */
export async function* readTar(source: AsyncIterable<Uint8Array>): AsyncGenerator<TarEntry> {
  const extract = tarExtract();
  // Fed as the reader asks; a reader that stops early destroys the extractor, and the feeding stops too.
  const drained = () =>
    new Promise((resolve) => {
      // Whichever comes first; the other listener goes too, or a large entry piles up `close` listeners.
      const done = () => {
        extract.off('drain', done);
        extract.off('close', done);
        resolve(undefined);
      };
      extract.once('drain', done);
      extract.once('close', done);
    });
  void (async () => {
    for await (const chunk of source) {
      if (extract.destroyed) return;
      if (!extract.write(chunk)) await drained();
    }
    if (!extract.destroyed) extract.end(null);
  })().catch((error: Error) => extract.destroy(error));
  try {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      const { name, type, mode = 0, mtime, linkname } = entry.header;
      const base = { path: name, mode, mtime: Math.floor((mtime?.getTime() ?? 0) / 1000) };
      if (type === 'file' || type === 'contiguous-file')
        yield { ...base, type: 'file', data: Buffer.concat(chunks) };
      else if (type === 'directory') yield { ...base, type: 'directory', data: Buffer.alloc(0) };
      else if (type === 'symlink')
        yield { ...base, type: 'symlink', data: Buffer.alloc(0), linkname: linkname ?? '' };
      else if (type && READ_TYPES.has(type))
        yield { ...base, type: type as TarEntryType, data: Buffer.alloc(0), linkname: linkname ?? undefined };
      // Anything else tar-stream does not know is not a file of any kind.
      else throw new Error(`Unsupported tar entry ${name} (type ${type ?? 'unknown'})`);
    }
  } catch (error) {
    throw readError(error);
  } finally {
    extract.destroy();
  }
}
