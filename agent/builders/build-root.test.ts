// @vitest-environment node
// BuildRoot on a tree made by hand, as if something had slipped past the unpacker: each read and write still
// refuses to leave the root, through a link, a hard link or a special file (issue 36).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { link, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BuildRoot, PathRefused } from './build-root';
import { listTree } from './file-tree';

let base: string;
let root: BuildRoot;
let outside: string;

beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'build-root-'));
  outside = path.join(base, 'outside');
  await mkdir(outside);
  await writeFile(path.join(outside, 'secret.txt'), 'secret');
  root = await BuildRoot.open(path.join(base, 'root'), 'repo');
  await mkdir(path.join(root.dir, 'etc'));
  await writeFile(path.join(root.dir, 'etc/own.txt'), 'own');
});

afterEach(() => rm(base, { recursive: true, force: true }));

describe('BuildRoot', () => {
  it('reads and writes its own files, making folders on the way', async () => {
    expect((await root.read('etc/own.txt')).toString()).toBe('own');
    await root.write('a/b/c.txt', 'made', 0o600);
    expect(readFileSync(path.join(root.dir, 'a/b/c.txt'), 'utf8')).toBe('made');
    expect(await root.kind('a/b')).toBe('directory');
    expect(await root.kind('etc/own.txt/x')).toBeUndefined();
  });

  it('writes each file anew with the mode asked for, whatever the umask, replacing its own file', async () => {
    // Under the usual umask (022) 0664 and 0775 lose group write at the open: BuildRoot gives it back.
    await root.write('etc/own.txt', 'replaced', 0o664);
    expect(readFileSync(path.join(root.dir, 'etc/own.txt'), 'utf8')).toBe('replaced');
    expect(statSync(path.join(root.dir, 'etc/own.txt')).mode & 0o7777).toBe(0o664);
    await root.write('etc/run.sh', '#!/bin/sh\n', 0o775);
    expect(statSync(path.join(root.dir, 'etc/run.sh')).mode & 0o7777).toBe(0o775);
    await root.write('etc/run.sh', 'narrower', 0o600);
    expect(statSync(path.join(root.dir, 'etc/run.sh')).mode & 0o7777).toBe(0o600);
  });

  it('never reads or writes through a link, whether the link is on the way or the last name', async () => {
    await symlink(outside, path.join(root.dir, 'out'));
    await symlink(path.join(outside, 'secret.txt'), path.join(root.dir, 'etc/secret'));
    await expect(root.read('out/secret.txt')).rejects.toThrow(
      'Refused repo/out/secret.txt: it passes through the symbolic link repo/out',
    );
    await expect(root.read('etc/secret')).rejects.toThrow('Refused repo/etc/secret: a symbolic link');
    await expect(root.write('out/canary', 'x')).rejects.toThrow(PathRefused);
    await expect(root.write('etc/secret', 'x')).rejects.toThrow(PathRefused);
    await expect(root.mkdir('out/folder')).rejects.toThrow(PathRefused);
    expect(existsSync(path.join(outside, 'canary'))).toBe(false);
    expect(existsSync(path.join(outside, 'folder'))).toBe(false);
    expect(readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('secret');
  });

  it('never reads, empties or writes a hard link, which shares its data with a file outside', async () => {
    await link(path.join(outside, 'secret.txt'), path.join(root.dir, 'etc/hard'));
    await expect(root.read('etc/hard')).rejects.toThrow('Refused repo/etc/hard: a hard link');
    await expect(root.write('etc/hard', 'overwritten')).rejects.toThrow('Refused repo/etc/hard: a hard link');
    expect(readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('secret');
    // The output of the operator's own BUILD_COMMAND script is trusted to hold them (cp -al).
    const operator = await BuildRoot.open(root.dir, 'out', { hardLinks: true });
    expect((await operator.read('etc/hard')).toString()).toBe('secret');
  });

  it('refuses a fifo without waiting on it, and lists no special file', async () => {
    execFileSync('mkfifo', [path.join(root.dir, 'etc/pipe')]);
    await expect(root.read('etc/pipe')).rejects.toThrow('Refused repo/etc/pipe: not a regular file');
    await expect(root.write('etc/pipe', 'x')).rejects.toThrow('Refused repo/etc/pipe: not a regular file');
    await expect(listTree(root)).rejects.toThrow('Refused repo/etc/pipe: not a regular file');
  });

  it('refuses absolute paths and .. as text, before touching anything', async () => {
    await expect(root.read(path.join(outside, 'secret.txt'))).rejects.toThrow('an absolute path');
    await expect(root.write('../outside/canary', 'x')).rejects.toThrow('the path climbs out with ..');
    expect(existsSync(path.join(outside, 'canary'))).toBe(false);
  });

  it('tells where a link leads as the file system would, refusing a chain that climbs out', async () => {
    await mkdir(path.join(root.dir, 'usr/lib'), { recursive: true });
    await symlink('usr/lib', path.join(root.dir, 'lib'));
    await symlink('lib', path.join(root.dir, 'lib64'));
    expect(await root.landing('lib64')).toBe('usr/lib');
    // Each harmless as text; `r` is `l/..`, that is the root's parent.
    await symlink('.', path.join(root.dir, 'l'));
    await symlink('l/l/..', path.join(root.dir, 'r'));
    await expect(root.landing('r')).rejects.toThrow('Refused repo/r: its target l/l/.. leads outside repo');
    await symlink('r', path.join(root.dir, 'via'));
    await expect(root.landing('via')).rejects.toThrow('Refused repo/via');
    await symlink('loop2', path.join(root.dir, 'loop1'));
    await symlink('loop1', path.join(root.dir, 'loop2'));
    await expect(root.landing('loop1')).rejects.toThrow('too many symbolic links');
  });
});
