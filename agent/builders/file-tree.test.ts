import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { packTar, type TarEntry } from '../tar';
import { BuildRoot } from './build-root';
import { extractTar, listTree, safeRelative } from './file-tree';

const dirs: string[] = [];
const temp = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'file-tree-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const entry = (p: string, extra: Partial<TarEntry> = {}): TarEntry => ({
  path: p,
  type: 'file',
  mode: 0o644,
  mtime: 0,
  data: Buffer.from(p),
  ...extra,
});

describe('extractTar', () => {
  it('unpacks files, folders and links that stay inside, the links as records, never on disk', async () => {
    const dir = temp();
    const archive = path.join(dir, 'ok.tar');
    writeFileSync(
      archive,
      await packTar([
        entry('ok/file.txt'),
        entry('usr/lib/libc.so'),
        // A root file system's chain of links: lib64 -> lib -> usr/lib, each inside.
        entry('lib', { type: 'symlink', linkname: 'usr/lib' }),
        entry('lib64', { type: 'symlink', linkname: 'lib' }),
        entry('ok/inner', { type: 'symlink', linkname: 'file.txt' }),
        entry('ok/dangling', { type: 'symlink', linkname: '../nowhere/x' }),
      ]),
    );
    const dest = path.join(dir, 'out');
    expect(await extractTar(archive, dest)).toBe(2);
    expect(readFileSync(path.join(dest, 'ok/file.txt'), 'utf8')).toBe('ok/file.txt');
    // Node's permission model refuses symlink(): the agent's links are never on disk, yet hold as links.
    expect(() => lstatSync(path.join(dest, 'lib64'))).toThrow('ENOENT');
    const root = await BuildRoot.open(dest, 'repo');
    expect(await root.kind('lib64')).toBe('symlink');
    await expect(root.read('lib64/libc.so')).rejects.toThrow(
      'Refused repo/lib64/libc.so: it passes through the symbolic link repo/lib64',
    );
    await expect(root.read('ok/inner')).rejects.toThrow('Refused repo/ok/inner: a symbolic link');
    await expect(root.write('lib/x', 'x')).rejects.toThrow('passes through the symbolic link repo/lib');
    await expect(root.write('lib64', 'x')).rejects.toThrow('Refused repo/lib64: a symbolic link');
    await expect(root.mkdir('lib64')).rejects.toThrow('Refused repo/lib64: not a folder');
    await expect(root.symlink('lib64', 'elsewhere')).rejects.toThrow('the path is there already');
    expect(() => lstatSync(path.join(dest, 'lib'))).toThrow('ENOENT');
    const listed = await listTree(dest);
    expect(listed.map((f) => [f.path, f.linkname])).toEqual([
      ['lib', 'usr/lib'],
      ['lib64', 'lib'],
      ['ok/dangling', '../nowhere/x'],
      ['ok/file.txt', undefined],
      ['ok/inner', 'file.txt'],
      ['usr/lib/libc.so', undefined],
    ]);
  });

  it('refuses what would land outside, naming it, and writes nothing there', async () => {
    const dir = temp();
    const archive = path.join(dir, 'evil.tar');
    writeFileSync(archive, await packTar([entry('ok/file.txt'), entry('../escape.txt')]));
    await expect(extractTar(archive, path.join(dir, 'out'), 'repo')).rejects.toThrow(
      'Refused repo/../escape.txt: the path climbs out with ..',
    );
    expect(existsSync(path.join(dir, 'escape.txt'))).toBe(false);
  });

  it('normalises paths', () => {
    expect(safeRelative('./a/b/../c')).toBe('a/c');
    expect(safeRelative('a/../../b')).toBeUndefined();
    expect(safeRelative('..')).toBeUndefined();
    expect(safeRelative('/')).toBeUndefined();
  });
});
