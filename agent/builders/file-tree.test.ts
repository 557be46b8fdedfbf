import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { packTar, type TarEntry } from '../tar';
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
  it('keeps everything inside the destination: no .., no absolute paths, no writing through links', async () => {
    const dir = temp();
    const archive = path.join(dir, 'evil.tar');
    writeFileSync(
      archive,
      await packTar([
        entry('ok/file.txt'),
        entry('../escape.txt'),
        entry('/etc/absolute.txt'),
        entry('ok/link', { type: 'symlink', linkname: '../../..' }),
        entry('ok/inner', { type: 'symlink', linkname: 'file.txt' }),
        entry('ok/inner/through.txt'),
      ]),
    );
    const dest = path.join(dir, 'out');
    expect(await extractTar(archive, dest)).toBe(2);
    expect(readFileSync(path.join(dest, 'ok/file.txt'), 'utf8')).toBe('ok/file.txt');
    expect(readFileSync(path.join(dest, 'etc/absolute.txt'), 'utf8')).toBe('/etc/absolute.txt');
    expect(existsSync(path.join(dir, 'escape.txt'))).toBe(false);
    expect(existsSync(path.join(dest, 'ok/link'))).toBe(false);
    expect(lstatSync(path.join(dest, 'ok/inner')).isSymbolicLink()).toBe(true);
    const listed = await listTree(dest);
    expect(listed.map((f) => f.path)).toEqual(['etc/absolute.txt', 'ok/file.txt', 'ok/inner']);
  });

  it('normalises paths', () => {
    expect(safeRelative('./a/b/../c')).toBe('a/c');
    expect(safeRelative('a/../../b')).toBeUndefined();
    expect(safeRelative('..')).toBeUndefined();
    expect(safeRelative('/')).toBeUndefined();
  });
});
