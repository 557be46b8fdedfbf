import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SAFE = ['-c', 'protocol.ext.allow=never', '-c', 'safe.directory=*'];
/** A branch moves: a commit looked up is trusted this long (a form's submits share it). */
const KEPT_MS = 5_000;

let gitCacheDir: string | undefined;

/** Where the server keeps its copies of remote repositories (DATA_DIR/git-cache, see source-archive.ts). */
export function useGitCache(dir: string): void {
  gitCacheDir = dir;
}

function gitDirOf(url: string): string | undefined {
  const local = url.startsWith('file://') ? fileURLToPath(url) : path.isAbsolute(url) ? url : undefined;
  if (local) return existsSync(local) && statSync(local).isDirectory() ? local : undefined;
  if (!gitCacheDir) return undefined;
  // The same name source-archive.ts gives the server's copy of a remote repository.
  const cached = path.join(gitCacheDir, `${createHash('sha256').update(url).digest('hex').slice(0, 24)}.git`);
  return existsSync(cached) ? cached : undefined;
}

async function revParse(gitDir: string, name: string): Promise<string | null> {
  if (name.startsWith('-') || name.includes('..')) return null;
  for (const ref of [`refs/tags/${name}`, `refs/heads/${name}`]) {
    const commit = await run(
      'git',
      [...SAFE, `--git-dir=${gitDir}`, 'rev-parse', '--verify', '--quiet', `${ref}^{commit}`],
      {
        timeout: 5_000,
      },
    )
      .then(({ stdout }) => stdout.trim())
      .catch(() => '');
    if (/^[0-9a-f]{40,64}$/.test(commit)) return commit;
  }
  return null;
}

const kept = new Map<string, { at: number; commit: Promise<string | null> }>();

/**
 * The commit a release's tag (or branch) names, where the server knows it without the network: read in a
 * repository on this machine, or in the server's copy of a remote one (the commit agents are served). Null
 * when unknown: the configuration hash then holds the tag's name alone.
 */
export function tagCommit(url: string | null, tag: string): Promise<string | null> {
  if (!url) return Promise.resolve(null);
  const key = `${url}\n${tag}`;
  const now = Date.now();
  const hit = kept.get(key);
  if (hit && now - hit.at < KEPT_MS) return hit.commit;
  for (const [k, entry] of kept) if (now - entry.at >= KEPT_MS) kept.delete(k);
  const gitDir = gitDirOf(url);
  const commit = gitDir ? revParse(gitDir, tag) : Promise.resolve(null);
  kept.set(key, { at: now, commit });
  return commit;
}
