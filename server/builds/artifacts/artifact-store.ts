import type { Readable } from 'node:stream';
import { UUID_PATTERN as UUID } from '../../../contract/rules/text';
import type { ByteRange, ObjectStorage } from '../../platform/storage/object-storage';

/** Where a build's artifact lived before issue 16, relative to DATA_DIR (still recorded in the job spec). */
export const artifactName = (uuid: string) => `artifacts/${uuid.toLowerCase()}.tar.gz`;

const SHA256 = /^[0-9a-f]{64}$/;
const BLOBS = 'artifacts/sha256/';
/** Issue 16: artifacts are stored once per content, `artifacts/sha256/<sha256>.tar.gz` (a storage key). */
export const blobName = (sha256: string) => {
  if (!SHA256.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
  return `${BLOBS}${sha256}.tar.gz`;
};

/** What locates a build's artifact: its digest (the stored file), or its uuid (a file from before issue 16). */
export interface ArtifactRef {
  uuid: string;
  sha256: string | null;
}

export interface ArtifactStore {
  /** The artifact's size, or undefined when there is no such file. */
  size(build: ArtifactRef): Promise<number | undefined>;
  /** The artifact's bytes, or one range of them (resumed downloads). */
  open(build: ArtifactRef, range?: ByteRange): Promise<Readable>;
  /** With S3_PRESIGNED_DOWNLOADS: a short-lived URL of the artifact for the browser; else undefined. */
  downloadUrl(build: ArtifactRef, fileName: string): Promise<string | undefined>;
  /** Deletes a build's own file from before issue 16, if there is one (a stored content is removeBlob's). */
  removeLegacy(uuid: string): Promise<void>;
  /** Whether the content with this digest is stored. */
  hasBlob(sha256: string): Promise<boolean>;
  /** Deletes the content with this digest (the caller checked no build refers to it). */
  removeBlob(sha256: string): Promise<void>;
  /** Every stored content: digest and last change. */
  listBlobs(): Promise<{ sha256: string; mtimeMs: number }[]>;
}

/** Build artifacts in the console's storage: one object per content, named by its sha256. */
export function createArtifactStore(storage: ObjectStorage): ArtifactStore {
  const legacy = (uuid: string) => {
    if (!UUID.test(uuid)) throw new Error(`not a uuid: ${uuid}`);
    return artifactName(uuid);
  };
  /** The stored content when there is one, else the build's own file from before issue 16. */
  const locate = async (build: ArtifactRef) => {
    if (build.sha256 && SHA256.test(build.sha256)) {
      const blob = await storage.stat(blobName(build.sha256));
      if (blob) return blob;
    }
    return (await storage.stat(legacy(build.uuid))) ?? { key: legacy(build.uuid), size: undefined };
  };
  return {
    size: async (build) => (await locate(build)).size,
    open: async (build, range) => storage.read((await locate(build)).key, range),
    downloadUrl: async (build, fileName) => storage.downloadUrl((await locate(build)).key, fileName),
    removeLegacy: (uuid) => storage.remove(legacy(uuid)),
    hasBlob: async (sha256) => (await storage.stat(blobName(sha256))) !== undefined,
    removeBlob: (sha256) => storage.remove(blobName(sha256)),
    async listBlobs() {
      const found: { sha256: string; mtimeMs: number }[] = [];
      for (const object of await storage.list(BLOBS)) {
        const name = object.key.slice(BLOBS.length);
        const sha256 = name.replace(/\.tar\.gz$/, '');
        if (SHA256.test(sha256) && name === `${sha256}.tar.gz`)
          found.push({ sha256, mtimeMs: object.modifiedMs });
      }
      return found;
    },
  };
}
