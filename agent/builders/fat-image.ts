import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TreeFile } from './file-tree';
import type { FatOutputSpec } from './recipe';

/**
 * An SD-card image holding a real FAT file system, made by Debian's dosfstools (`mkfs.fat`) and mtools
 * (`mcopy`): no npm package kept here writes FAT images. `.ci/run` installs both; an agent without them
 * fails the build saying so.
 */
export const FAT_TOOLS = ['mkfs.fat', 'mcopy'] as const;

export class MissingToolError extends Error {}

/** The path of `name` on PATH (or in /sbin and /usr/sbin, where Debian puts mkfs.fat), if any. */
export function findTool(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/sbin'];
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

export function requireFatTools(): Record<(typeof FAT_TOOLS)[number], string> {
  const found = Object.fromEntries(FAT_TOOLS.map((tool) => [tool, findTool(tool)]));
  const missing = FAT_TOOLS.filter((tool) => !found[tool]);
  if (missing.length)
    throw new MissingToolError(
      `An SD-card image needs ${missing.join(' and ')} on this agent: install dosfstools and mtools ` +
        '(apt-get install dosfstools mtools), or build with BUILD_COMMAND',
    );
  return found as Record<(typeof FAT_TOOLS)[number], string>;
}

/** The size the files need with room for clusters and the tables: a quarter over, at least 4 MiB. */
export function fatSizeMiB(files: TreeFile[]): number {
  const cluster = 4096;
  const bytes = files.reduce((sum, f) => sum + Math.ceil(Math.max(1, f.size) / cluster) * cluster, 0);
  return Math.max(4, Math.ceil((bytes * 1.25) / 2 ** 20) + 1);
}

function run(tool: string, args: string[], signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      // mtools: no ~/.mtoolsrc needed, and no question asked on a name clash (-D o answers it).
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/', MTOOLS_SKIP_CHECK: '1', LANG: 'C' },
      signal,
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(tool)} failed (${code}): ${stderr.trim().slice(0, 500)}`)),
    );
  });
}

/** Formats `image` as FAT and copies the tree `root` into it; answers the image's size in MiB. */
export async function writeFatImage(
  image: string,
  root: string,
  files: TreeFile[],
  output: FatOutputSpec,
  options: { uuid: string; signal: AbortSignal },
): Promise<{ sizeMiB: number }> {
  const tools = requireFatTools();
  const sizeMiB = output.size_mib ?? fatSizeMiB(files);
  // The volume id from the build's uuid, so the same build gives the same boot sector.
  const volumeId = createHash('sha256').update(options.uuid).digest('hex').slice(0, 8);
  await rm(image, { force: true });
  await run(
    tools['mkfs.fat'],
    [
      '-C',
      '--invariant',
      '-i',
      volumeId,
      '-n',
      output.label ?? 'FIRMWARE',
      ...(output.fat ? ['-F', String(output.fat)] : []),
      image,
      String(sizeMiB * 1024),
    ],
    options.signal,
  );
  const top = (await readdir(root)).sort().map((name) => path.join(root, name));
  if (top.length) await run(tools.mcopy, ['-i', image, '-s', '-m', '-D', 'o', ...top, '::/'], options.signal);
  return { sizeMiB };
}
