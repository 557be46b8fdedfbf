import { createReadStream, type ReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';

import { UUID_PATTERN as UUID } from '../../contract/rules/text';

/** Where a build's artifact lives, relative to DATA_DIR (recorded in the job spec for the agents). */
export const artifactName = (uuid: string) => `artifacts/${uuid.toLowerCase()}.tar.gz`;

export interface ArtifactStore {
  /** The artifact's size, or undefined when there is no such file. */
  size(uuid: string): Promise<number | undefined>;
  open(uuid: string): ReadStream;
  /** Deletes the artifact if there is one. */
  remove(uuid: string): Promise<void>;
}

/** Build artifacts as `<dataDir>/artifacts/<uuid>.tar.gz`, one per build, named by its uuid. */
export function createArtifactStore(dataDir: string): ArtifactStore {
  const locate = (uuid: string) => {
    if (!UUID.test(uuid)) throw new Error(`not a uuid: ${uuid}`);
    return path.join(dataDir, artifactName(uuid));
  };
  return {
    async size(uuid) {
      const info = await stat(locate(uuid)).catch(() => undefined);
      return info?.isFile() ? info.size : undefined;
    },
    open: (uuid) => createReadStream(locate(uuid)),
    async remove(uuid) {
      await rm(locate(uuid), { force: true });
    },
  };
}
