import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { artifactName, blobName } from './artifact-store';

export type UploadCheck =
  | { ok: true; sha256: string; size: number; commit: () => Promise<void>; discard: () => Promise<void> }
  | { ok: false; sha256: string; size: number };

/**
 * Streams an agent's upload to `<dataDir>/artifacts/<uuid>.tar.gz.<random>.part`, hashing it on the way,
 * and checks it against the announced sha256 and size. A mismatch deletes the part; a match answers
 * `commit` (rename to `artifacts/sha256/<sha256>.tar.gz`, issue 16) for the caller to run once the job's row
 * agrees.
 */
export async function receiveArtifact(
  dataDir: string,
  uuid: string,
  body: Readable,
  expected: { sha256: string; size: number },
): Promise<UploadCheck> {
  const final = path.join(dataDir, artifactName(uuid));
  await mkdir(path.dirname(final), { recursive: true });
  const part = `${final}.${randomBytes(6).toString('hex')}.part`;
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      // More than announced: stop reading now rather than fill the disk.
      if (size > expected.size) return done(new ArtifactTooLargeError());
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, counter, createWriteStream(part));
  } catch (error) {
    await rm(part, { force: true });
    if (error instanceof ArtifactTooLargeError) return { ok: false, sha256: '', size };
    throw error;
  }
  const sha256 = hash.digest('hex');
  if (sha256 !== expected.sha256 || size !== expected.size) {
    await rm(part, { force: true });
    return { ok: false, sha256, size };
  }
  return {
    ok: true,
    sha256,
    size,
    // Stored once per content (issue 16): the same bytes uploaded again replace themselves.
    commit: async () => {
      const stored = path.join(dataDir, blobName(sha256));
      await mkdir(path.dirname(stored), { recursive: true });
      await rename(part, stored);
    },
    discard: () => rm(part, { force: true }),
  };
}

class ArtifactTooLargeError extends Error {}
