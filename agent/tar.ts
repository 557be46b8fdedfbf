// A small ustar reader and writer: enough for `git archive` output (pax headers included) and for the
// archives the builder packs. Regular files, directories and symlinks; everything else is skipped.

const BLOCK = 512;

export type TarEntryType = 'file' | 'directory' | 'symlink';

export interface TarEntry {
  path: string;
  type: TarEntryType;
  mode: number;
  /** Seconds since the epoch. */
  mtime: number;
  data: Buffer;
  linkname?: string;
}

const TYPE_FLAGS: Record<TarEntryType, string> = { file: '0', directory: '5', symlink: '2' };

function writeString(block: Buffer, offset: number, length: number, value: string): void {
  block.write(value, offset, Math.min(length, Buffer.byteLength(value)), 'utf8');
}

function writeOctal(block: Buffer, offset: number, length: number, value: number): void {
  block.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'ascii');
}

/** Splits a long path into ustar's prefix (≤155 bytes) and name (≤100 bytes), or gives up. */
function splitPath(path: string): { prefix: string; name: string } | undefined {
  if (Buffer.byteLength(path) <= 100) return { prefix: '', name: path };
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) {
    const prefix = path.slice(0, i);
    const name = path.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100 && name) return { prefix, name };
  }
  return undefined;
}

function header(fields: {
  name: string;
  prefix?: string;
  mode: number;
  size: number;
  mtime: number;
  flag: string;
  linkname?: string;
}): Buffer {
  const block = Buffer.alloc(BLOCK);
  writeString(block, 0, 100, fields.name);
  writeOctal(block, 100, 8, fields.mode);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, fields.size);
  writeOctal(block, 136, 12, Math.max(0, Math.floor(fields.mtime)));
  block.fill(' ', 148, 156);
  block.write(fields.flag, 156, 1, 'ascii');
  writeString(block, 157, 100, fields.linkname ?? '');
  block.write('ustar\0', 257, 6, 'ascii');
  block.write('00', 263, 2, 'ascii');
  writeString(block, 265, 32, 'root');
  writeString(block, 297, 32, 'root');
  writeString(block, 345, 155, fields.prefix ?? '');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** A pax record: "<length> key=value\n", where the length counts itself. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length++;
  return `${length}${body}`;
}

/** The blocks of one entry (a pax header first when its path or link does not fit ustar). */
export function encodeEntry(entry: TarEntry): Buffer[] {
  const path = entry.type === 'directory' && !entry.path.endsWith('/') ? `${entry.path}/` : entry.path;
  const data = entry.type === 'file' ? entry.data : Buffer.alloc(0);
  const blocks: Buffer[] = [];
  const split = splitPath(path);
  const linkFits = Buffer.byteLength(entry.linkname ?? '') <= 100;
  if (!split || !linkFits) {
    const pax = Buffer.from(
      paxRecord('path', path) + (linkFits ? '' : paxRecord('linkpath', entry.linkname ?? '')),
    );
    blocks.push(header({ name: 'PaxHeader', mode: 0o644, size: pax.length, mtime: entry.mtime, flag: 'x' }));
    blocks.push(pax, padding(pax.length));
  }
  blocks.push(
    header({
      name: split?.name ?? path.slice(-100),
      prefix: split?.prefix,
      mode: entry.mode,
      size: data.length,
      mtime: entry.mtime,
      flag: TYPE_FLAGS[entry.type],
      linkname: linkFits ? entry.linkname : undefined,
    }),
  );
  if (data.length > 0) blocks.push(data, padding(data.length));
  return blocks;
}

/** The end of an archive: two zero blocks. */
export const END_OF_ARCHIVE = Buffer.alloc(BLOCK * 2);

export function packTar(entries: TarEntry[]): Buffer {
  return Buffer.concat([...entries.flatMap(encodeEntry), END_OF_ARCHIVE]);
}

function readString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readNumber(block: Buffer, offset: number, length: number): number {
  const field = block.subarray(offset, offset + length);
  // GNU base-256 for values that do not fit in octal.
  if (field[0] & 0x80) {
    let value = field[0] & 0x7f;
    for (let i = 1; i < length; i++) value = value * 256 + field[i];
    return value;
  }
  const text = field.toString('ascii').replace(/\0.*$/s, '').trim();
  return text ? Number.parseInt(text, 8) : 0;
}

function checksumOk(block: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
  return sum === readNumber(block, 148, 8);
}

function parsePax(data: Buffer): Record<string, string> {
  const records: Record<string, string> = {};
  let offset = 0;
  while (offset < data.length) {
    const space = data.indexOf(0x20, offset);
    const length = Number(data.subarray(offset, space).toString('ascii'));
    if (!length || space === -1) break;
    const record = data.subarray(space + 1, offset + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq > 0) records[record.slice(0, eq)] = record.slice(eq + 1);
    offset += length;
  }
  return records;
}

/** Reads the entries of an uncompressed tar, streaming: only one entry's data is held at a time. */
export async function* readTar(source: AsyncIterable<Uint8Array>): AsyncGenerator<TarEntry> {
  // Chunks are kept in a list and joined only as far as a read needs, so a large file is not copied once per
  // chunk.
  const pending: Buffer[] = [];
  let pendingBytes = 0;
  const chunks = source[Symbol.asyncIterator]();
  let done = false;
  const need = async (bytes: number): Promise<boolean> => {
    while (pendingBytes < bytes && !done) {
      const next = await chunks.next();
      if (next.done) done = true;
      else {
        pending.push(Buffer.from(next.value));
        pendingBytes += next.value.length;
      }
    }
    return pendingBytes >= bytes;
  };
  const take = (bytes: number): Buffer => {
    const joined = pending.length === 1 ? pending[0] : Buffer.concat(pending, pendingBytes);
    pending.length = 0;
    const rest = joined.subarray(bytes);
    if (rest.length > 0) pending.push(rest);
    pendingBytes = rest.length;
    return joined.subarray(0, bytes);
  };
  let pax: Record<string, string> = {};
  let longName: string | undefined;
  while (await need(BLOCK)) {
    const block = take(BLOCK);
    if (block.every((byte) => byte === 0)) return;
    if (!checksumOk(block)) throw new Error('Invalid tar header checksum');
    const size = pax.size ? Number(pax.size) : readNumber(block, 124, 12);
    const padded = size + ((BLOCK - (size % BLOCK)) % BLOCK);
    if (!(await need(padded))) throw new Error('Truncated tar archive');
    const data = Buffer.from(take(padded).subarray(0, size));
    const flag = String.fromCharCode(block[156] || 0x30);
    if (flag === 'x') {
      pax = parsePax(data);
      continue;
    }
    if (flag === 'L') {
      longName = data.toString('utf8').replace(/\0+$/, '');
      continue;
    }
    const prefix = readString(block, 345, 155);
    const name = readString(block, 0, 100);
    const path = pax.path ?? longName ?? (prefix ? `${prefix}/${name}` : name);
    const linkname = pax.linkpath ?? readString(block, 157, 100);
    const base = { path, mode: readNumber(block, 100, 8), mtime: readNumber(block, 136, 12), data };
    pax = {};
    longName = undefined;
    if (flag === '0' || flag === '7') yield { ...base, type: 'file' };
    else if (flag === '5') yield { ...base, type: 'directory' };
    else if (flag === '2') yield { ...base, type: 'symlink', linkname };
    // Global pax headers ('g', git's commit id), hard links and devices are not needed here.
  }
}
