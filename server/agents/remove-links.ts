import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Removes every symbolic link under `dir`, answering how many. Node's permission model, which keeps the
 * embedded agent inside its work dir, follows a link to wherever it points (a limit its documentation
 * states): a link left there would let the agent read or write outside. The agent under the permission model
 * cannot make a link (fs.symlink and fs.link are refused), but an agent of an earlier version, in the
 * console's own process, or a BUILD_COMMAND script may have left one; so the console sweeps them before it
 * starts the agent. Hand-written: a walk that never follows a link (readdir's entry types come from the
 * directory itself, not from stat), which no package here offers.
 */
export async function removeLinks(dir: string): Promise<number> {
  let removed = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isSymbolicLink()) continue;
    await rm(path.join(entry.parentPath, entry.name), { force: true });
    removed += 1;
  }
  return removed;
}
