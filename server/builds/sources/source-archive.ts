import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gitFailureReason } from '../../releases/git/ls-remote';

const run = promisify(execFile);

const GIT_ENV = {
  ...process.env,
  GIT_TERMINAL_PROMPT: '0',
  GIT_ASKPASS: 'true',
  SSH_ASKPASS: 'true',
  GIT_SSH_COMMAND: 'ssh -oBatchMode=yes -oConnectTimeout=8',
};
const SAFE = ['-c', 'protocol.ext.allow=never', '-c', 'safe.directory=*'];

export class SourceNotFoundError extends Error {}

/** A repository on this machine (a path or a file:// url) is read in place; anything else is fetched. */
function localGitDir(url: string): string | undefined {
  const dir = url.startsWith('file://') ? fileURLToPath(url) : path.isAbsolute(url) ? url : undefined;
  return dir && existsSync(dir) && statSync(dir).isDirectory() ? dir : undefined;
}

const locks = new Map<string, Promise<unknown>>();

/** Runs `work` alone for `key` within this process (git refuses concurrent fetches into one repository). */
function serialised<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = locks.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(work);
  locks.set(key, next);
  void next.finally(() => locks.get(key) === next && locks.delete(key)).catch(() => undefined);
  return next;
}

async function git(gitDir: string, args: string[], timeoutMs = 120_000): Promise<string> {
  const { stdout } = await run('git', [...SAFE, `--git-dir=${gitDir}`, ...args], {
    env: GIT_ENV,
    timeout: timeoutMs,
    maxBuffer: 1024 * 1024,
  });
  return stdout.trim();
}

/** The commit a tag (or branch) names in `gitDir`, or undefined. */
async function resolve(gitDir: string, name: string): Promise<string | undefined> {
  for (const ref of [`refs/tags/${name}`, `refs/heads/${name}`]) {
    const commit = await git(gitDir, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).catch(() => '');
    if (commit) return commit;
  }
  return undefined;
}

/** Fetches just `name` (shallow) from a remote repository into the server's cache of it. */
async function fetchRemote(
  cacheDir: string,
  url: string,
  name: string,
): Promise<{ gitDir: string; commit: string }> {
  const gitDir = path.join(cacheDir, `${createHash('sha256').update(url).digest('hex').slice(0, 24)}.git`);
  return serialised(gitDir, async () => {
    if (!existsSync(gitDir)) {
      await mkdir(cacheDir, { recursive: true });
      await run('git', ['init', '--quiet', '--bare', gitDir], { env: GIT_ENV });
    }
    const cached = await resolve(gitDir, name);
    if (cached) return { gitDir, commit: cached };
    let reason = '';
    for (const ref of [`refs/tags/${name}`, `refs/heads/${name}`]) {
      try {
        await git(gitDir, ['fetch', '--quiet', '--depth=1', '--no-tags', '--', url, `+${ref}:${ref}`]);
        const commit = await resolve(gitDir, name);
        if (commit) return { gitDir, commit };
      } catch (error) {
        reason = gitFailureReason((error as { stderr?: string }).stderr ?? String(error));
      }
    }
    throw new SourceNotFoundError(`${name} could not be fetched${reason ? `: ${reason}` : ''}`);
  });
}

/**
 * The commit `name` resolves to, from what this server already holds (a local repository, or its cache of a
 * remote one: the tags it served to agents); undefined when it does not know it. Never fetches.
 */
export async function knownCommit(url: string, name: string, cacheDir: string): Promise<string | undefined> {
  if (name.startsWith('-') || name.includes('..')) return undefined;
  const gitDir =
    localGitDir(url) ??
    path.join(cacheDir, `${createHash('sha256').update(url).digest('hex').slice(0, 24)}.git`);
  return existsSync(gitDir) ? resolve(gitDir, name) : undefined;
}

/**
 * A tar of the repository at `name` (a tag, or a branch), made by `git archive`. Throws
 * SourceNotFoundError before anything is streamed when the name does not resolve.
 */
export async function sourceArchive(url: string, name: string, cacheDir: string): Promise<Readable> {
  if (name.startsWith('-') || name.includes('..')) throw new SourceNotFoundError(`Invalid tag ${name}`);
  const local = localGitDir(url);
  const found = local
    ? { gitDir: local, commit: await resolve(local, name) }
    : await fetchRemote(cacheDir, url, name);
  if (!found.commit) throw new SourceNotFoundError(`Tag ${name} not found`);
  const child = spawn(
    'git',
    [...SAFE, `--git-dir=${found.gitDir}`, 'archive', '--format=tar', found.commit],
    {
      env: GIT_ENV,
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  child.on('error', (error) => child.stdout.destroy(error));
  child.on('close', (code) => {
    if (code !== 0) child.stdout.destroy(new Error(`git archive exited with ${code}`));
  });
  return child.stdout;
}
