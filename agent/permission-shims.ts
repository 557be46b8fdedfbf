import { open } from 'node:fs/promises';

/**
 * Node 20's permission model disables FileHandle.chmod (fchmod) outright, whatever the paths allowed, and
 * agent/builders/build-root.ts's openWrite sets the mode of each file it writes with it: under the sandbox
 * every build would fail. Here, in the sandboxed agent only, a chmod succeeds without the call when the file
 * already has the mode asked for less the bits this process's umask takes away — what open() gave the file
 * it just made with that mode (a source's 0664 under umask 022 stays 0644, as any file this process makes;
 * the execute bits are kept) — and any other still fails with node's own error, so no file keeps a mode
 * wider, or an execute bit fewer, than it was meant to have. To be removed once the builders set modes
 * without fchmod.
 */
export async function allowNeedlessChmod(): Promise<void> {
  // FileHandle is not exported: its prototype is that of any handle, here of this script, which is readable.
  const handle = await open(process.argv[1] as string, 'r');
  const prototype = Object.getPrototypeOf(handle) as { chmod(mode: number): Promise<void> };
  await handle.close();
  const chmod = prototype.chmod;
  const umask = process.umask();
  prototype.chmod = async function (this: { stat(): Promise<{ mode: number }> }, mode: number) {
    if (((await this.stat()).mode & 0o7777) === (mode & ~umask & 0o7777)) return;
    return chmod.call(this, mode);
  };
}
