import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface RemoteRefs {
  tags: string[];
  branches: string[];
}

export class RepositoryUnreachableError extends Error {
  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(`Repository ${url} is unreachable: ${reason}`);
  }
}

/** Parses `git ls-remote --tags --heads` output; peeled `^{}` lines repeat a tag and are dropped. */
export function parseLsRemote(output: string): RemoteRefs {
  const tags: string[] = [];
  const branches: string[] = [];
  for (const line of output.split('\n')) {
    const ref = line.split('\t')[1];
    if (!ref || ref.endsWith('^{}')) continue;
    if (ref.startsWith('refs/tags/')) tags.push(ref.slice('refs/tags/'.length));
    else if (ref.startsWith('refs/heads/')) branches.push(ref.slice('refs/heads/'.length));
  }
  return { tags: tags.sort(), branches: branches.sort() };
}

/** Lists a repository's tags and branches; never waits longer than `timeoutMs` and never prompts. */
export async function lsRemote(url: string, timeoutMs = 10_000): Promise<RemoteRefs> {
  try {
    const { stdout } = await run('git', ['ls-remote', '--tags', '--heads', url], {
      timeout: timeoutMs,
      env: {
        ...process.env,
        GIT_TERMINAL_PROMPT: '0',
        GIT_ASKPASS: 'true',
        GIT_SSH_COMMAND: 'ssh -oBatchMode=yes',
      },
      maxBuffer: 16 * 1024 * 1024,
    });
    return parseLsRemote(stdout);
  } catch (err) {
    const e = err as { killed?: boolean; stderr?: string; message: string };
    const reason = e.killed
      ? `no answer within ${timeoutMs} ms`
      : (e.stderr?.trim().split('\n').pop() ?? e.message);
    throw new RepositoryUnreachableError(url, reason);
  }
}
