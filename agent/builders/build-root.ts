import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import {
  chmod,
  type FileHandle,
  lstat,
  mkdir,
  open,
  readdir,
  readlink,
  realpath,
  symlink,
  unlink,
} from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The one way the builders touch files (issue 36): a folder of the build's run (a repository's sources, the
 * root file system, the output) and every read or write inside it, each done only after the file system has
 * said where the path leads.
 *
 * Why by hand: Node has no `openat2(RESOLVE_BENEATH)` and no npm package we found does this check on the file
 * system rather than on the text of a path (path-is-inside and the like compare strings, which is the very
 * mistake issue 36 found: a chain of links, each harmless as text, together reached `/`). So, for each path:
 *
 * - it must be relative, without `..` (checked as text first, for a clear message);
 * - every folder on the way is `lstat`ed: a symbolic link anywhere on the way is refused, and so is anything
 *   that is not a folder; then the `realpath` of the deepest existing folder must lie under this root's own
 *   `realpath` (which also catches a root that was itself reached through a link);
 * - the last name is opened with `O_NOFOLLOW` (a link there is refused by the kernel) and `O_NONBLOCK` (a
 *   fifo cannot hang the build), and `fstat` of the open file must say a regular file with one link: a hard
 *   link would share its data with a file elsewhere. A file is written as a new file (`O_CREAT|O_EXCL`, what
 *   stood there removed first once `lstat` showed a regular file of this root), given its mode at the open.
 *
 * Symbolic links of the sources are kept, as links: a firmware's root file system has them (`lib -> usr/lib`)
 * and the archive or image carries them as they are. They are records of this process (`LINKS` below), never
 * made on disk: Node's permission model, under which the console's embedded agent runs, refuses symlink(),
 * and a link that is not on disk cannot be followed by anything. Every path is checked against the records
 * as against the disk (a recorded link on the way or as the last name is refused with the same words), and
 * the listing holds them as links. Nothing in the build ever follows one (the rule above), and at unpacking
 * a link whose target would leave its repository — absolute, or climbing out through `..` and other links
 * as the file system would resolve it (`landing`) — fails the build, so a firmware never ships a link into
 * the build machine either. Links on disk are still refused or listed as before: the output of the operator's
 * BUILD_COMMAND script has real ones, and so do its sources (`linksOnDisk`).
 *
 * Between the check and the open nothing else writes in the run's folder (the builder is its only writer, and
 * the sources are unpacked before anything reads them), so there is no race for a hostile release to win.
 */
export class PathRefused extends Error {
  constructor(
    /** The offending path as the sources name it (`<repository>/<path>`). */
    readonly offending: string,
    why: string,
  ) {
    super(`Refused ${offending}: ${why}`);
  }
}

/** Links followed when resolving one link's target, as Linux's own limit (ELOOP). */
const MAX_HOPS = 40;

const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
// Always a new file: no existing one (a hard link's data) is ever opened to write, and the mode is given
// at the open, since the permission model disables fchmod.
const WRITE_FLAGS = constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW | constants.O_NONBLOCK;

const code = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;

/**
 * The symbolic links of every root of this process: folder (a real path) → name → target. Process-wide, not
 * per BuildRoot, because several roots see one folder (the overlay's `tree` and each `tree/<repository>`);
 * a build forgets its own when it ends (`forgetLinks`), and a root made afresh starts with none.
 */
const LINKS = new Map<string, Map<string, string>>();

const recorded = (full: string) => LINKS.get(path.dirname(full))?.get(path.basename(full));

/** Drops the link records at and under `dir`: its build is over (or the folder is new). */
export async function forgetLinks(dir: string): Promise<void> {
  const real = await realpath(dir).catch(() => path.resolve(dir));
  for (const folder of LINKS.keys())
    if (folder === real || folder.startsWith(`${real}${path.sep}`)) LINKS.delete(folder);
  LINKS.get(path.dirname(real))?.delete(path.basename(real));
}

export interface RootEntry {
  path: string;
  kind: 'file' | 'directory' | 'symlink';
  size: number;
  mode: number;
  linkname?: string;
}

export class BuildRoot {
  private constructor(
    /** The root's real path. */
    readonly dir: string,
    /** How messages name the root: `firmware-x19`, `rootfs`. */
    readonly label: string,
    private readonly hardLinks: boolean,
    private readonly linksOnDisk: boolean,
  ) {}

  /**
   * The folder `dir` (made when missing) as a root; `label` names it in messages. `hardLinks` lets files with
   * several links through: only for the output of the operator's own BUILD_COMMAND script, which is trusted
   * and may make them (`cp -al`); nothing of the default builder ever makes one. `linksOnDisk` makes
   * `symlink` write real links: only for the sources of that script, which reads them from disk (and so
   * cannot run where symlink() is refused).
   */
  static async open(
    dir: string,
    label: string,
    options: { hardLinks?: boolean; linksOnDisk?: boolean } = {},
  ): Promise<BuildRoot> {
    const made = await mkdir(dir, { recursive: true });
    if (made) await forgetLinks(dir);
    return new BuildRoot(
      await realpath(dir),
      label,
      options.hardLinks ?? false,
      options.linksOnDisk ?? false,
    );
  }

  /** `rel` as messages name it. */
  name(rel: string): string {
    return rel ? `${this.label}/${rel}` : this.label;
  }

  refuse(rel: string, why: string): PathRefused {
    return new PathRefused(this.name(rel), why);
  }

  /** `raw` as a clean relative path: no absolute path, no `..`, no empty or `.` names. */
  clean(raw: string): string {
    if (raw.includes('\0')) throw this.refuse(raw, 'the path holds a NUL byte');
    if (path.posix.isAbsolute(raw)) throw new PathRefused(`${this.label}: ${raw}`, 'an absolute path');
    const parts = raw.split('/').filter((part) => part !== '' && part !== '.');
    if (parts.includes('..')) throw this.refuse(raw, 'the path climbs out with ..');
    if (!parts.length) throw this.refuse(raw, 'an empty path');
    return parts.join('/');
  }

  /**
   * The absolute path of `raw` inside the root, once every existing folder on the way is known to be a real
   * folder of this root (no link, nothing else); `make` creates the missing folders, checking each.
   */
  async resolve(raw: string, make = false): Promise<string> {
    // Only a probe answers undefined.
    return (await this.walk(raw, make ? 'make' : 'use')) as string;
  }

  /** As `resolve`; `probe` answers undefined where a file stands in for a folder (the path cannot exist). */
  private async walk(raw: string, how: 'use' | 'make' | 'probe'): Promise<string | undefined> {
    const make = how === 'make';
    const rel = this.clean(raw);
    const parts = rel.split('/');
    let at = this.dir;
    let existing = this.dir;
    for (const [index, part] of parts.slice(0, -1).entries()) {
      at = path.join(at, part);
      const here = parts.slice(0, index + 1).join('/');
      if (recorded(at) !== undefined)
        throw this.refuse(rel, `it passes through the symbolic link ${this.name(here)}`);
      let info = await lstat(at).catch((error) => {
        if (code(error) === 'ENOENT') return undefined;
        throw error;
      });
      if (!info && make) {
        await mkdir(at).catch((error) => {
          if (code(error) !== 'EEXIST') throw error;
        });
        info = await lstat(at);
      }
      if (!info) break;
      if (info.isSymbolicLink())
        throw this.refuse(rel, `it passes through the symbolic link ${this.name(here)}`);
      if (!info.isDirectory()) {
        if (how === 'probe') return undefined;
        throw this.refuse(rel, `${this.name(here)} is not a folder`);
      }
      existing = at;
    }
    const real = await realpath(existing);
    if (real !== this.dir && !real.startsWith(`${this.dir}${path.sep}`))
      throw this.refuse(rel, 'it leads outside the build');
    return path.join(this.dir, rel);
  }

  /** What `raw` is, not followed: undefined when it does not exist. */
  async kind(raw: string): Promise<RootEntry['kind'] | 'other' | undefined> {
    const full = await this.walk(raw, 'probe');
    if (full && recorded(full) !== undefined) return 'symlink';
    const info =
      full &&
      (await lstat(full).catch((error) => {
        if (code(error) === 'ENOENT') return undefined;
        throw error;
      }));
    if (!info) return undefined;
    if (info.isFile()) return 'file';
    if (info.isDirectory()) return 'directory';
    if (info.isSymbolicLink()) return 'symlink';
    return 'other';
  }

  /** Opens `raw` to read: a regular file of this root with one link, or a refusal. */
  async openRead(raw: string): Promise<FileHandle> {
    const rel = this.clean(raw);
    const full = await this.resolve(rel);
    if (recorded(full) !== undefined) throw this.refuse(rel, 'a symbolic link is never followed');
    const handle = await open(full, READ_FLAGS).catch((error) => {
      if (code(error) === 'ELOOP') throw this.refuse(rel, 'a symbolic link is never followed');
      throw error;
    });
    return this.checked(handle, rel);
  }

  async read(raw: string): Promise<Buffer> {
    const handle = await this.openRead(raw);
    try {
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  }

  /**
   * Opens `raw` to write (and read back, with `readBack`: a disk image) as a new file of mode `mode`, its
   * folders made: never through a link, never a special file; a regular file standing there is removed first
   * (its name only: a hard link's data elsewhere is left as it is).
   */
  async openWrite(raw: string, mode = 0o644, readBack = false): Promise<FileHandle> {
    const rel = this.clean(raw);
    const full = await this.resolve(rel, true);
    if (recorded(full) !== undefined) throw this.refuse(rel, 'a symbolic link is never written through');
    const flags = WRITE_FLAGS | (readBack ? constants.O_RDWR : constants.O_WRONLY);
    const create = () => open(full, flags, mode);
    const handle = await create()
      .catch(async (error) => {
        if (code(error) !== 'EEXIST') throw error;
        await this.replaceable(full, rel);
        await unlink(full);
        return create();
      })
      .catch((error) => {
        if (code(error) === 'ELOOP') throw this.refuse(rel, 'a symbolic link is never written through');
        if (code(error) === 'ENXIO' || code(error) === 'EISDIR') throw this.refuse(rel, 'not a regular file');
        throw error;
      });
    try {
      const checked = await this.checked(handle, rel);
      // The umask may have taken bits the mode asks for (0664 under 022). The file is the one just made,
      // by this process, in a folder only this build writes in (see the module's comment), so its path
      // names this very file; `fstat` of the handle then confirms it got the mode.
      if (((await checked.stat()).mode & 0o7777) !== mode) {
        await chmod(full, mode);
        if (((await checked.stat()).mode & 0o7777) !== mode)
          throw this.refuse(rel, `it could not be given mode ${mode.toString(8).padStart(4, '0')}`);
      }
      return checked;
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
  }

  /** What stands at `full` may be replaced by a new file: a regular file of this root, nothing else. */
  private async replaceable(full: string, rel: string): Promise<void> {
    const info = await lstat(full);
    if (info.isSymbolicLink()) throw this.refuse(rel, 'a symbolic link is never written through');
    if (!info.isFile()) throw this.refuse(rel, 'not a regular file');
    if (info.nlink > 1 && !this.hardLinks) throw this.refuse(rel, 'a hard link');
  }

  async write(raw: string, data: Buffer | string, mode = 0o644): Promise<void> {
    const handle = await this.openWrite(raw, mode);
    try {
      await handle.writeFile(data);
    } finally {
      await handle.close();
    }
  }

  async mkdir(raw: string): Promise<void> {
    const rel = this.clean(raw);
    const full = await this.resolve(rel, true);
    if (recorded(full) !== undefined) throw this.refuse(rel, 'not a folder');
    await mkdir(full).catch((error) => {
      if (code(error) !== 'EEXIST') throw error;
    });
    const info = await lstat(full);
    if (!info.isDirectory()) throw this.refuse(rel, 'not a folder');
  }

  /** Records the link `raw` → `target`, as it is (on disk with `linksOnDisk`): never followed here. */
  async symlink(raw: string, target: string): Promise<void> {
    const rel = this.clean(raw);
    const full = await this.resolve(rel, true);
    const there = () => this.refuse(rel, 'the path is there already');
    if (!target) throw this.refuse(rel, 'a symbolic link without a target');
    if (recorded(full) !== undefined) throw there();
    if (this.linksOnDisk) {
      await symlinkOnDisk(target, full).catch((error) => {
        if (code(error) === 'EEXIST' || /File exists/.test(String(error))) throw there();
        throw error;
      });
      return;
    }
    if (await lstat(full).catch(() => undefined)) throw there();
    const folder = path.dirname(full);
    LINKS.set(folder, (LINKS.get(folder) ?? new Map()).set(path.basename(full), target));
  }

  async readLink(raw: string): Promise<string> {
    const full = await this.resolve(raw);
    return recorded(full) ?? readlink(full);
  }

  /** The target of the link at `full` (recorded or on disk), or undefined when it is none. */
  private async linkAt(full: string): Promise<string | undefined> {
    const target = recorded(full);
    if (target !== undefined) return target;
    const info = await lstat(full).catch(() => undefined);
    return info?.isSymbolicLink() ? readlink(full) : undefined;
  }

  /**
   * Where the link `raw` leads, as a path of this root, resolved as the file system would (each `..` from
   * where the previous links led, not from the text), or a refusal when it leaves the root. A missing name
   * ends the resolving: what follows it cannot be a link.
   */
  async landing(raw: string): Promise<string> {
    const rel = this.clean(raw);
    let hops = 0;
    const follow = async (from: string[], target: string): Promise<string[]> => {
      if (path.posix.isAbsolute(target))
        throw this.refuse(rel, `its target ${target} is an absolute path, outside the build`);
      const at = [...from];
      let missing = false;
      for (const part of target.split('/')) {
        if (part === '' || part === '.') continue;
        if (part === '..') {
          if (!at.length) throw this.refuse(rel, `its target ${target} leads outside ${this.label}`);
          at.pop();
          continue;
        }
        at.push(part);
        if (missing) continue;
        const full = path.join(this.dir, ...at);
        const next = await this.linkAt(full);
        if (next !== undefined) {
          if (++hops > MAX_HOPS) throw this.refuse(rel, 'too many symbolic links in a row');
          at.splice(0, at.length, ...(await follow(at.slice(0, -1), next)));
        } else if (!(await lstat(full).catch(() => undefined))) missing = true;
      }
      return at;
    };
    const target = await this.readLink(rel);
    return (await follow(rel.split('/').slice(0, -1), target)).join('/');
  }

  /**
   * Every file, folder and link under the root, not followed, folders before what they hold; anything else
   * (a fifo, a socket, a device) is refused.
   */
  async list(): Promise<RootEntry[]> {
    const out: RootEntry[] = [];
    const walk = async (rel: string) => {
      const folder = rel ? await this.resolve(rel) : this.dir;
      const names = [...(await readdir(folder)), ...(LINKS.get(folder)?.keys() ?? [])];
      for (const name of names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
        const child = rel ? `${rel}/${name}` : name;
        const full = await this.resolve(child);
        const target = recorded(full);
        const info = target === undefined ? await lstat(full) : undefined;
        if (info?.isDirectory()) {
          out.push({ path: child, kind: 'directory', size: 0, mode: info.mode & 0o777 });
          await walk(child);
        } else if (!info || info.isSymbolicLink())
          out.push({
            path: child,
            kind: 'symlink',
            size: 0,
            mode: 0o777,
            linkname: target ?? (await readlink(full)),
          });
        else if (info.isFile())
          out.push({ path: child, kind: 'file', size: info.size, mode: info.mode & 0o777 });
        else throw this.refuse(child, 'not a regular file, folder or symbolic link');
      }
    };
    await walk('');
    return out;
  }

  private async checked(handle: FileHandle, rel: string): Promise<FileHandle> {
    const info = await handle.stat();
    const why = !info.isFile()
      ? 'not a regular file'
      : info.nlink > 1 && !this.hardLinks
        ? 'a hard link'
        : undefined;
    if (!why) return handle;
    await handle.close();
    throw this.refuse(rel, why);
  }
}

const execFileAsync = promisify(execFile);

/**
 * Makes the link for BUILD_COMMAND's sources. Under Node's permission model (the sandboxed embedded agent)
 * `symlink()` needs read and write access to the whole file system, which the sandbox never grants; that
 * agent may start processes only when it runs the operator's script, so it asks `ln -s` for the one link.
 * `full` is already resolved inside the root and the target is stored as text, never followed: `ln -s --`
 * writes exactly that link and reads nothing (issue 36).
 */
async function symlinkOnDisk(target: string, full: string): Promise<void> {
  if (!(process as { permission?: unknown }).permission) return symlink(target, full);
  await execFileAsync('ln', ['-s', '--', target, full]);
}
