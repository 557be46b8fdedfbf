import path from 'node:path';
import type { Readable } from 'node:stream';
import { receiveArtifact, type UploadCheck } from './artifacts/artifact-upload';
import { knownCommit, sourceArchive } from './sources/source-archive';

/** The files side of the queue, rooted in DATA_DIR: uploaded artifacts, and release sources for agents. */
export interface JobFiles {
  receiveArtifact(
    uuid: string,
    body: Readable,
    expected: { sha256: string; size: number },
  ): Promise<UploadCheck>;
  sourceArchive(url: string, tag: string): Promise<Readable>;
  /** The commit a tag resolves to, if this server knows it (issue 16's attestations name it). */
  knownCommit(url: string, tag: string): Promise<string | undefined>;
}

export function createJobFiles(dataDir: string): JobFiles {
  const gitCache = path.join(dataDir, 'git-cache');
  return {
    receiveArtifact: (uuid, body, expected) => receiveArtifact(dataDir, uuid, body, expected),
    sourceArchive: (url, tag) => sourceArchive(url, tag, gitCache),
    knownCommit: (url, tag) => knownCommit(url, tag, gitCache),
  };
}
