import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';

const dir = await mkdtemp(path.join(tmpdir(), 'local-storage-'));
const storage = createLocalStorage(dir);
afterAll(() => rm(dir, { recursive: true, force: true }));

const text = async (stream: Readable) => {
  let all = '';
  for await (const chunk of stream) all += chunk;
  return all;
};

describe('local storage', () => {
  it('reads an object whole or by range, and refuses keys that leave DATA_DIR', async () => {
    await storage.write('logos/a.png', Buffer.from('0123456789'));
    expect(await text(await storage.read('logos/a.png'))).toBe('0123456789');
    expect(await text(await storage.read('logos/a.png', { start: 2, end: 4 }))).toBe('234');
    await expect(storage.read('logos/missing.png')).rejects.toThrow();
    await expect(storage.stat('../etc/passwd')).rejects.toThrow('not a storage key');
  });

  it('keeps a received upload in a part until committed, and sweeps stale parts at start', async () => {
    const received = await storage.receive(
      'artifacts/sha256/b.tar.gz',
      Readable.from([Buffer.from('bytes')]),
    );
    expect(await storage.stat('artifacts/sha256/b.tar.gz')).toBeUndefined();
    await received.commit();
    expect(await storage.stat('artifacts/sha256/b.tar.gz')).toMatchObject({ size: 5 });
    // A crash's leftovers: one part untouched for an hour, one being written now.
    await mkdir(path.join(dir, 'artifacts', 'sha256'), { recursive: true });
    const stale = path.join(dir, 'artifacts', 'sha256', 'c.tar.gz.0123456789ab.part');
    const fresh = path.join(dir, 'artifacts', 'sha256', 'd.tar.gz.0123456789ab.part');
    await writeFile(stale, 'x');
    await writeFile(fresh, 'y');
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    await utimes(stale, hourAgo, hourAgo);
    expect(await storage.sweepUnfinished()).toBe(1);
    expect((await readdir(path.join(dir, 'artifacts', 'sha256'))).sort()).toEqual([
      'b.tar.gz',
      'd.tar.gz.0123456789ab.part',
    ]);
    expect((await storage.list('artifacts/')).map((object) => object.key)).toEqual([
      'artifacts/sha256/b.tar.gz',
    ]);
  });
});
