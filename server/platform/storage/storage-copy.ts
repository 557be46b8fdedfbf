// Issue 39 item 4: `npm run storage -- migrate` copies every file the console serves from DATA_DIR to the
// bucket (or back, `--to-local`, the rollback). Each copy is checked by sha256: a content-addressed artifact
// against its name, any other file against the source's own digest, read back from the destination. Files
// already there with the right digest are left alone, so a run that stopped (or found new files written
// meanwhile by a console still serving) is simply run again.
import { createHash } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import { type ObjectStorage, SERVED_PREFIXES } from './object-storage';

export interface CopyReport {
  copied: string[];
  /** Already in the destination with the right sha256. */
  present: string[];
  failed: { key: string; reason: string }[];
}

const NAMED_BY_DIGEST = /^artifacts\/sha256\/([0-9a-f]{64})\.tar\.gz$/;

async function digestOf(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Passes the bytes on and refuses, at their end, bytes whose sha256 is not `expected`. */
function checkedAgainst(expected: string): Transform {
  const hash = createHash('sha256');
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      const found = hash.digest('hex');
      done(found === expected ? null : new Error(`the source's sha256 is ${found}, not ${expected}`));
    },
  });
}

async function copyOne(from: ObjectStorage, to: ObjectStorage, key: string, size: number) {
  const expected = key.match(NAMED_BY_DIGEST)?.[1] ?? (await digestOf(await from.read(key)));
  const there = await to.stat(key);
  if (there?.size === size && (await digestOf(await to.read(key))) === expected) return 'present';
  const checked = checkedAgainst(expected);
  checked.on('error', () => undefined);
  const source = await from.read(key);
  source.on('error', (error) => checked.destroy(error));
  const received = await to.receive(key, source.pipe(checked));
  await received.commit();
  const copied = await digestOf(await to.read(key));
  if (copied !== expected) throw new Error(`the copy's sha256 is ${copied}, not ${expected}`);
  return 'copied';
}

/** Copies every served file from one storage to the other; `progress` hears of each. */
export async function copyStorage(
  from: ObjectStorage,
  to: ObjectStorage,
  progress: (line: string) => void = () => undefined,
): Promise<CopyReport> {
  const report: CopyReport = { copied: [], present: [], failed: [] };
  for (const prefix of SERVED_PREFIXES) {
    for (const object of await from.list(prefix)) {
      try {
        const done = await copyOne(from, to, object.key, object.size);
        report[done].push(object.key);
        progress(`${done === 'copied' ? 'copied' : 'already there'}: ${object.key} (${object.size} bytes)`);
      } catch (error) {
        const reason = (error as Error).message;
        report.failed.push({ key: object.key, reason });
        progress(`FAILED: ${object.key}: ${reason}`);
      }
    }
  }
  return report;
}
