import { createReadStream, type ReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

import { UUID_PATTERN as UUID } from '../../../contract/rules/text';

/** Where a build's artifact lived before issue 16, relative to DATA_DIR (still recorded in the job spec). */
export const artifactName = (uuid: string) => `artifacts/${uuid.toLowerCase()}.tar.gz`;

const SHA256 = /^[0-9a-f]{64}$/;
/** Issue 16: artifacts are stored once per content, `artifacts/sha256/<sha256>.tar.gz`, relative to DATA_DIR. */
export const blobName = (sha256: string) => `artifacts/sha256/${sha256}.tar.gz`;

/** What locates a build's artifact: its digest (the stored file), or its uuid (a file from before issue 16). */
export interface ArtifactRef {
  uuid: string;
  sha256: string | null;
}

export interface ArtifactStore {
  /** The artifact's size, or undefined when there is no such file. */
  size(build: ArtifactRef): Promise<number | undefined>;
  open(build: ArtifactRef): Promise<ReadStream>;
  /** Deletes a build's own file from before issue 16, if there is one (a stored content is removeBlob's). */
  removeLegacy(uuid: string): Promise<void>;
  /** Whether the content with this digest is stored. */
  hasBlob(sha256: string): Promise<boolean>;
  /** Deletes the content with this digest (the caller checked no build refers to it). */
  removeBlob(sha256: string): Promise<void>;
  /** Every stored content: digest and last change. */
  listBlobs(): Promise<{ sha256: string; mtimeMs: number }[]>;
}

/** Build artifacts under `<dataDir>/artifacts`: one file per content, named by its sha256. */
export function createArtifactStore(dataDir: string): ArtifactStore {
  const legacy = (uuid: string) => {
    if (!UUID.test(uuid)) throw new Error(`not a uuid: ${uuid}`);
    return path.join(dataDir, artifactName(uuid));
  };
  const blob = (sha256: string) => {
    if (!SHA256.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
    return path.join(dataDir, blobName(sha256));
  };
  const fileSize = async (file: string) => {
    const info = await stat(file).catch(() => undefined);
    return info?.isFile() ? info.size : undefined;
  };
  /** The stored content when there is one, else the build's own file from before issue 16. */
  const locate = async (build: ArtifactRef) => {
    if (build.sha256 && SHA256.test(build.sha256) && (await fileSize(blob(build.sha256))) !== undefined)
      return blob(build.sha256);
    return legacy(build.uuid);
  };
  return {
    size: async (build) => fileSize(await locate(build)),
    open: async (build) => createReadStream(await locate(build)),
    async removeLegacy(uuid) {
      await rm(legacy(uuid), { force: true });
    },
    hasBlob: async (sha256) => (await fileSize(blob(sha256))) !== undefined,
    async removeBlob(sha256) {
      await rm(blob(sha256), { force: true });
    },
    async listBlobs() {
      const dir = path.join(dataDir, 'artifacts', 'sha256');
      const names = await readdir(dir).catch(() => [] as string[]);
      const found: { sha256: string; mtimeMs: number }[] = [];
      for (const name of names) {
        const sha256 = name.replace(/\.tar\.gz$/, '');
        if (!SHA256.test(sha256) || name !== `${sha256}.tar.gz`) continue;
        const info = await stat(path.join(dir, name)).catch(() => undefined);
        if (info?.isFile()) found.push({ sha256, mtimeMs: info.mtimeMs });
      }
      return found;
    },
  };
}
