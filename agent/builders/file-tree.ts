import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { packEntries, readTar, type TarEntry } from '../tar';
import { BuildRoot } from './build-root';

/** A path inside an archive made safe: relative, normalised, no `..`; undefined when it cannot be. */
export function safeRelative(raw: string): string | undefined {
  const normal = path.posix.normalize(raw.replace(/^\/+/, '')).replace(/\/+$/, '');
  if (!normal || normal === '.' || normal.startsWith('..') || normal.split('/').includes('..'))
    return undefined;
  return normal;
}

/**
 * Unpacks a tar of a repository's sources into `dest`, through `BuildRoot` (build-root.ts). Anything that could
 * reach outside fails the build naming the entry as `<label>/<path>`: an absolute path, `..`, an entry under a
 * symbolic link, a hard link, a device or a fifo, and — once all is unpacked, since a link may name what comes
 * after it — a symbolic link whose target leaves the repository as the file system resolves it. Symbolic
 * links are BuildRoot's records, not files, unless `linksOnDisk` (the sources of the operator's script).
 */
export async function extractTar(
  file: string,
  dest: string,
  label = path.basename(dest),
  options: { linksOnDisk?: boolean } = {},
): Promise<number> {
  const root = await BuildRoot.open(dest, label, options);
  let count = 0;
  const links: string[] = [];
  for await (const entry of readTar(createReadStream(file))) {
    // `./` of `tar -C dir .` is the root itself.
    if (entry.type === 'directory' && entry.path.split('/').every((part) => part === '' || part === '.'))
      continue;
    const rel = root.clean(entry.path);
    if (entry.type === 'directory') await root.mkdir(rel);
    else if (entry.type === 'file') {
      await root.write(rel, entry.data, entry.mode & 0o777 || 0o644);
      count++;
    } else if (entry.type === 'symlink') {
      await root.symlink(rel, entry.linkname ?? '');
      links.push(rel);
    } else throw root.refuse(rel, REFUSED_KINDS[entry.type] ?? `an entry of type ${entry.type}`);
  }
  for (const link of links) await root.landing(link);
  return count;
}

const REFUSED_KINDS: Partial<Record<TarEntry['type'], string>> = {
  link: 'a hard link, which would share its data with another file',
  'character-device': 'a device',
  'block-device': 'a device',
  fifo: 'a fifo',
};

/**
 * Copies the tree of `from` into `to` under `prefix` ('' for its top), as it is: files with their mode, links
 * as links (never followed), only the paths `keep` accepts.
 */
export async function copyTree(
  from: BuildRoot,
  to: BuildRoot,
  prefix = '',
  keep: (rel: string) => boolean = () => true,
): Promise<void> {
  for (const entry of await from.list()) {
    if (!keep(entry.path)) continue;
    const target = prefix ? `${prefix}/${entry.path}` : entry.path;
    if (entry.kind === 'directory') await to.mkdir(target);
    else if (entry.kind === 'symlink') await to.symlink(target, entry.linkname ?? '');
    else {
      const source = await from.openRead(entry.path);
      const sink = await to.openWrite(target, entry.mode);
      await pipeline(source.createReadStream(), sink.createWriteStream());
    }
  }
}

export interface TreeFile {
  path: string;
  size: number;
  sha256: string;
  mode: number;
  linkname?: string;
}

/**
 * A folder named by its path is the output of the operator's BUILD_COMMAND script (command-builder.ts), trusted
 * and free to hold hard links; the default builder hands its BuildRoots.
 */
const operatorRoot = async (root: string | BuildRoot) =>
  typeof root === 'string' ? BuildRoot.open(root, path.basename(root), { hardLinks: true }) : root;

/** Every file and symlink under `root`, sorted by path, with its size and sha256; links are not followed. */
export async function listTree(root: string | BuildRoot): Promise<TreeFile[]> {
  const from = await operatorRoot(root);
  const out: TreeFile[] = [];
  for (const entry of await from.list()) {
    if (entry.kind === 'symlink') {
      const linkname = entry.linkname ?? '';
      out.push({ path: entry.path, size: 0, sha256: sha256Of(Buffer.from(linkname)), mode: 0o777, linkname });
    } else if (entry.kind === 'file')
      out.push({
        path: entry.path,
        size: entry.size,
        sha256: await sha256In(from, entry.path),
        mode: entry.mode,
      });
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export const sha256Of = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** The sha256 of the file `rel` of `root`, streamed. */
async function sha256In(root: BuildRoot, rel: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of (await root.openRead(rel)).createReadStream()) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Packs the listed files of `root` into a gzip'd tar at `output`, under a top folder `prefix`, with one
 * mtime for all (the build's), and answers the archive's sha256 and size.
 */
export async function packTree(
  root: string | BuildRoot,
  files: TreeFile[],
  output: string,
  options: { prefix: string; mtime: number },
): Promise<{ sha256: string; size: number }> {
  const from = await operatorRoot(root);
  const hash = createHash('sha256');
  let size = 0;
  async function* entries(): AsyncGenerator<TarEntry> {
    yield dir(options.prefix, options.mtime);
    const made = new Set<string>();
    for (const file of files) {
      const parts = file.path.split('/').slice(0, -1);
      for (let i = 1; i <= parts.length; i++) {
        const folder = parts.slice(0, i).join('/');
        if (made.has(folder)) continue;
        made.add(folder);
        yield dir(`${options.prefix}/${folder}`, options.mtime);
      }
      const entry: TarEntry = file.linkname
        ? {
            path: `${options.prefix}/${file.path}`,
            type: 'symlink',
            mode: 0o777,
            mtime: options.mtime,
            data: Buffer.alloc(0),
            linkname: file.linkname,
          }
        : {
            path: `${options.prefix}/${file.path}`,
            type: 'file',
            mode: file.mode,
            mtime: options.mtime,
            data: await from.read(file.path),
          };
      yield entry;
    }
  }
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(packEntries(entries()), createGzip({ level: 6 }), counter, createWriteStream(output));
  return { sha256: hash.digest('hex'), size };
}

const dir = (p: string, mtime: number): TarEntry => ({
  path: p,
  type: 'directory',
  mode: 0o755,
  mtime,
  data: Buffer.alloc(0),
});
