import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packTar, readTar, type TarEntry } from './tar';

async function* chunks(buffer: Buffer, size: number) {
  for (let i = 0; i < buffer.length; i += size) yield buffer.subarray(i, i + size);
}

async function entries(buffer: Buffer, chunkSize = 7): Promise<TarEntry[]> {
  const out: TarEntry[] = [];
  for await (const entry of readTar(chunks(buffer, chunkSize))) out.push(entry);
  return out;
}

const file = (p: string, text: string): TarEntry => ({
  path: p,
  type: 'file',
  mode: 0o644,
  mtime: 1_700_000_000,
  data: Buffer.from(text),
});

describe('tar', () => {
  it('reads back what it writes, in odd-sized chunks, long paths and links included', async () => {
    const long = `${'deep/'.repeat(40)}file.txt`;
    const packed = await packTar([
      { path: 'dir', type: 'directory', mode: 0o755, mtime: 1_700_000_000, data: Buffer.alloc(0) },
      file('dir/a.txt', 'hello'),
      file(long, 'x'.repeat(1000)),
      {
        path: 'dir/link',
        type: 'symlink',
        mode: 0o777,
        mtime: 1_700_000_000,
        data: Buffer.alloc(0),
        linkname: 'a.txt',
      },
    ]);
    const read = await entries(packed);
    expect(read.map((e) => [e.path, e.type])).toEqual([
      ['dir/', 'directory'],
      ['dir/a.txt', 'file'],
      [long, 'file'],
      ['dir/link', 'symlink'],
    ]);
    expect(read[1].data.toString()).toBe('hello');
    expect(read[2].data.length).toBe(1000);
    expect(read[3].linkname).toBe('a.txt');
  });

  it('writes archives the system tar reads, and reads what git archive writes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tar-test-'));
    try {
      const archive = path.join(dir, 'a.tar');
      writeFileSync(
        archive,
        await packTar([file('one/two.txt', 'two'), file(`${'x'.repeat(120)}/y.txt`, 'why')]),
      );
      const listed = execFileSync('tar', ['-tf', archive]).toString().trim().split('\n');
      expect(listed).toEqual(['one/two.txt', `${'x'.repeat(120)}/y.txt`]);

      execFileSync('git', ['init', '-q', path.join(dir, 'repo')]);
      writeFileSync(path.join(dir, 'repo', 'README'), 'readme\n');
      const git = (...args: string[]) =>
        execFileSync('git', [
          '-C',
          path.join(dir, 'repo'),
          '-c',
          'user.name=t',
          '-c',
          'user.email=t@t',
          ...args,
        ]);
      git('add', '.');
      git('commit', '-qm', 'init');
      const tar = git('archive', '--format=tar', 'HEAD');
      const read = await entries(tar, 100);
      expect(read.map((e) => e.path)).toEqual(['README']);
      expect(read[0].data.toString()).toBe(readFileSync(path.join(dir, 'repo', 'README'), 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a corrupt header', async () => {
    const packed = await packTar([file('a', 'b')]);
    packed[0] ^= 0xff;
    await expect(entries(packed)).rejects.toThrow(/checksum/);
  });
});
