import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ObjectStorage } from '../platform/storage/object-storage';
import { receiveArtifact, type UploadCheck } from './artifacts/artifact-upload';
import { knownCommit, sourceArchive } from './sources/source-archive';

/** The files side of the queue: uploaded artifacts (to the storage), and release sources (DATA_DIR's git cache). */
export interface JobFiles {
  receiveArtifact(body: Readable, expected: { sha256: string; size: number }): Promise<UploadCheck>;
  sourceArchive(url: string, tag: string): Promise<Readable>;
  /** The commit a tag resolves to, if this server knows it (issue 16's attestations name it). */
  knownCommit(url: string, tag: string): Promise<string | undefined>;
}

export function createJobFiles(dataDir: string, storage: ObjectStorage): JobFiles {
  const gitCache = path.join(dataDir, 'git-cache');
  return {
    receiveArtifact: (body, expected) => receiveArtifact(storage, body, expected),
    sourceArchive: (url, tag) => sourceArchive(url, tag, gitCache),
    knownCommit: (url, tag) => knownCommit(url, tag, gitCache),
  };
}
