import { createHash } from 'node:crypto';
import { finished, type Readable, Transform } from 'node:stream';
import type { ObjectStorage } from '../../platform/storage/object-storage';
import { blobName } from './artifact-store';

export type UploadCheck =
  | { ok: true; sha256: string; size: number; commit: () => Promise<void>; discard: () => Promise<void> }
  | { ok: false; sha256: string; size: number };

class ArtifactRefused extends Error {
  constructor(
    readonly sha256: string,
    readonly size: number,
  ) {
    super('artifact refused');
  }
}

/**
 * Streams an agent's upload into the storage under its announced content's key (`artifacts/sha256/…`, issue 16)
 * as it arrives (issue 39: a `.part` file, or a multipart upload), hashing it on the way. The check runs
 * before the stream ends, so bytes that differ from the announced sha256 or size are never stored: the part is
 * deleted, the multipart upload aborted. A match answers `commit` (the rename of the part) for the caller to
 * run once the job's row agrees.
 */
export async function receiveArtifact(
  storage: ObjectStorage,
  body: Readable,
  expected: { sha256: string; size: number },
): Promise<UploadCheck> {
  const hash = createHash('sha256');
  let size = 0;
  const checked = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      // More than announced: stop reading now rather than fill the disk.
      if (size > expected.size) return done(new ArtifactRefused('', size));
      hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      const sha256 = hash.digest('hex');
      if (sha256 !== expected.sha256 || size !== expected.size)
        return done(new ArtifactRefused(sha256, size));
      done();
    },
  });
  // A cut connection ends the checked stream with its error, not with an end the store would keep.
  finished(body, (error) => {
    if (error) checked.destroy(error);
  });
  // A refusal may come before the store listens (a small body ends at once): the store still reads it, as
  // the stream's error, when it starts.
  checked.on('error', () => undefined);
  try {
    const received = await storage.receive(blobName(expected.sha256), body.pipe(checked));
    return { ok: true, sha256: expected.sha256, size, ...received };
  } catch (error) {
    if (error instanceof ArtifactRefused) return { ok: false, sha256: error.sha256, size: error.size };
    throw error;
  }
}
