import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { checkedKey } from './object-key';
import { type ObjectStorage, SERVED_PREFIXES, type StoredObject } from './object-storage';

const PART = /\.[0-9a-f]{12}\.part$/;
/** A `.part` file untouched this long was left by a crash or a kill (every write touches it). */
const UNFINISHED_GRACE_MS = 15 * 60_000;

/** Files under DATA_DIR, one per key; uploads go to a `.part` file beside their key and are renamed over it. */
export function createLocalStorage(dataDir: string): ObjectStorage {
  const file = (key: string) => path.join(dataDir, checkedKey(key));
  const statOf = async (key: string): Promise<StoredObject | undefined> => {
    const info = await stat(file(key)).catch(() => undefined);
    return info?.isFile() ? { key, size: info.size, modifiedMs: info.mtimeMs } : undefined;
  };
  /** Every file under the prefix's folder, `.part` files included, with its key. */
  const walk = async (prefix: string) => {
    const dir = path.join(dataDir, checkedKey(prefix));
    const names = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
    return names.map((name) => `${prefix}${name.split(path.sep).join('/')}`);
  };
  return {
    kind: 'local',
    location: dataDir,
    stat: statOf,
    async read(key, range) {
      const where = file(key);
      await stat(where);
      return createReadStream(where, range ? { start: range.start, end: range.end } : {});
    },
    readAll: (key) => readFile(file(key)).catch(() => undefined),
    async write(key, bytes) {
      await mkdir(path.dirname(file(key)), { recursive: true });
      await writeFile(file(key), bytes);
    },
    async receive(key, body) {
      const final = file(key);
      await mkdir(path.dirname(final), { recursive: true });
      const part = `${final}.${randomBytes(6).toString('hex')}.part`;
      try {
        await pipeline(body, createWriteStream(part));
      } catch (error) {
        await rm(part, { force: true });
        throw error;
      }
      return {
        commit: () => rename(part, final),
        discard: () => rm(part, { force: true }),
      };
    },
    async remove(key) {
      await rm(file(key), { force: true });
    },
    async list(prefix) {
      const found: StoredObject[] = [];
      for (const key of await walk(prefix)) {
        if (PART.test(key)) continue;
        const info = await statOf(key);
        if (info) found.push(info);
      }
      return found;
    },
    downloadUrl: async () => undefined,
    async sweepUnfinished(graceMs = UNFINISHED_GRACE_MS) {
      const before = Date.now() - graceMs;
      let swept = 0;
      for (const prefix of SERVED_PREFIXES) {
        for (const key of await walk(prefix)) {
          if (!PART.test(key)) continue;
          const info = await stat(file(key)).catch(() => undefined);
          if (!info?.isFile() || info.mtimeMs >= before) continue;
          await rm(file(key), { force: true });
          swept++;
        }
      }
      return swept;
    },
  };
}
