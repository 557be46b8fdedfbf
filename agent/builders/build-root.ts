import { constants } from 'node:fs';
import { type FileHandle, lstat, mkdir, open, readdir, readlink, realpath, symlink } from 'node:fs/promises';
import path from 'node:path';

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
 *   link would share its data with a file elsewhere.
 *
 * Symbolic links of the sources are kept, as links: a firmware's root file system has them (`lib -> usr/lib`)
 * and the archive or image carries them as they are. Nothing in the build ever follows one (the rule above),
 * and at unpacking a link whose target would leave its repository — absolute, or climbing out through `..`
 * and other links as the file system would resolve it (`landing`) — fails the build, so a firmware never
 * ships a link into the build machine either.
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
// No O_TRUNC: a file is emptied only once `fstat` has shown it is this root's own (not a hard link's).
const WRITE_FLAGS = constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK;

const code = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;

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
  ) {}

  /**
   * The folder `dir` (made when missing) as a root; `label` names it in messages. `hardLinks` lets files with
   * several links through: only for the output of the operator's own BUILD_COMMAND script, which is trusted
   * and may make them (`cp -al`); nothing of the default builder ever makes one.
   */
  static async open(dir: string, label: string, options: { hardLinks?: boolean } = {}): Promise<BuildRoot> {
    await mkdir(dir, { recursive: true });
    return new BuildRoot(await realpath(dir), label, options.hardLinks ?? false);
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
    const handle = await open(await this.resolve(rel), READ_FLAGS).catch((error) => {
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
   * Opens `raw` to write (and read back, with `readBack`: a disk image), made empty, its folders made: never
   * through a link, never a special file.
   */
  async openWrite(raw: string, mode = 0o644, readBack = false): Promise<FileHandle> {
    const rel = this.clean(raw);
    const flags = WRITE_FLAGS | (readBack ? constants.O_RDWR : constants.O_WRONLY);
    const handle = await open(await this.resolve(rel, true), flags, mode).catch((error) => {
      if (code(error) === 'ELOOP') throw this.refuse(rel, 'a symbolic link is never written through');
      if (code(error) === 'ENXIO' || code(error) === 'EISDIR') throw this.refuse(rel, 'not a regular file');
      throw error;
    });
    const checked = await this.checked(handle, rel);
    await checked.truncate(0);
    await checked.chmod(mode);
    return checked;
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
    await mkdir(full).catch((error) => {
      if (code(error) !== 'EEXIST') throw error;
    });
    const info = await lstat(full);
    if (!info.isDirectory()) throw this.refuse(rel, 'not a folder');
  }

  /** Makes the link `raw` → `target`, as it is: never followed here (see the module's comment). */
  async symlink(raw: string, target: string): Promise<void> {
    const rel = this.clean(raw);
    await symlink(target, await this.resolve(rel, true)).catch((error) => {
      if (code(error) === 'EEXIST') throw this.refuse(rel, 'the path is there already');
      throw error;
    });
  }

  async readLink(raw: string): Promise<string> {
    return readlink(await this.resolve(raw));
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
        const info = await lstat(path.join(this.dir, ...at)).catch(() => undefined);
        if (!info) missing = true;
        else if (info.isSymbolicLink()) {
          if (++hops > MAX_HOPS) throw this.refuse(rel, 'too many symbolic links in a row');
          const next = await readlink(path.join(this.dir, ...at));
          at.splice(0, at.length, ...(await follow(at.slice(0, -1), next)));
        }
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
      const entries = await readdir(rel ? await this.resolve(rel) : this.dir, { withFileTypes: true });
      for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
        const child = rel ? `${rel}/${entry.name}` : entry.name;
        const info = await lstat(await this.resolve(child));
        if (info.isDirectory()) {
          out.push({ path: child, kind: 'directory', size: 0, mode: info.mode & 0o777 });
          await walk(child);
        } else if (info.isSymbolicLink())
          out.push({
            path: child,
            kind: 'symlink',
            size: 0,
            mode: 0o777,
            linkname: await this.readLink(child),
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
