import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, mkdir, readdir, readFile, readlink, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { packEntries, readTar, type TarEntry } from '../tar';

/** A path inside an archive made safe: relative, normalised, no `..`; undefined when it cannot be. */
export function safeRelative(raw: string): string | undefined {
  const normal = path.posix.normalize(raw.replace(/^\/+/, '')).replace(/\/+$/, '');
  if (!normal || normal === '.' || normal.startsWith('..') || normal.split('/').includes('..'))
    return undefined;
  return normal;
}

/**
 * Unpacks a tar into `dest`. Nothing may land outside it: paths are normalised, symlinks must point
 * inside the tree, and nothing is written through a symlink.
 */
export async function extractTar(file: string, dest: string): Promise<number> {
  let count = 0;
  const links = new Set<string>();
  const underLink = (rel: string) => [...links].some((link) => rel === link || rel.startsWith(`${link}/`));
  for await (const entry of readTar(createReadStream(file))) {
    const rel = safeRelative(entry.path);
    if (!rel || underLink(rel)) continue;
    const target = path.join(dest, rel);
    if (entry.type === 'directory') {
      await mkdir(target, { recursive: true });
    } else if (entry.type === 'symlink') {
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(rel), entry.linkname ?? ''));
      if (!entry.linkname || path.posix.isAbsolute(entry.linkname) || resolved.startsWith('..')) continue;
      await mkdir(path.dirname(target), { recursive: true });
      await symlink(entry.linkname, target);
      links.add(rel);
    } else {
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, entry.data, { mode: entry.mode & 0o777 || 0o644 });
      count++;
    }
  }
  return count;
}

export interface TreeFile {
  path: string;
  size: number;
  sha256: string;
  mode: number;
  linkname?: string;
}

/** Every file and symlink under `root`, sorted by path, with its size and sha256. */
export async function listTree(root: string): Promise<TreeFile[]> {
  const out: TreeFile[] = [];
  const walk = async (rel: string) => {
    const entries = await readdir(path.join(root, rel), { withFileTypes: true });
    for (const entry of entries) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      const full = path.join(root, child);
      if (entry.isDirectory()) await walk(child);
      else if (entry.isSymbolicLink()) {
        const linkname = await readlink(full);
        out.push({ path: child, size: 0, sha256: sha256Of(Buffer.from(linkname)), mode: 0o777, linkname });
      } else if (entry.isFile()) {
        const info = await lstat(full);
        out.push({ path: child, size: info.size, sha256: await sha256File(full), mode: info.mode & 0o777 });
      }
    }
  };
  await walk('');
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export const sha256Of = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

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
  root: string,
  files: TreeFile[],
  output: string,
  options: { prefix: string; mtime: number },
): Promise<{ sha256: string; size: number }> {
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
            data: await readFile(path.join(root, file.path)),
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
