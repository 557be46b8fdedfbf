import { spawn } from 'node:child_process';
import { maskUrl, maskUrlsIn } from './repository-url';

export interface RemoteRefs {
  tags: string[];
  branches: string[];
}

/**
 * Its url and reason are masked (maskUrl): the error's message and fields are what a log shows, and the
 * reason is shown to people.
 */
export class RepositoryUnreachableError extends Error {
  readonly url: string;
  readonly reason: string;

  constructor(url: string, reason: string) {
    const shown = maskUrl(url);
    const why = maskUrlsIn(reason);
    super(`Repository ${shown} is unreachable: ${why}`);
    this.name = 'RepositoryUnreachableError';
    this.url = shown;
    this.reason = why;
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

/**
 * git's own explanation: its first `fatal:` line, which names the cause; later lines are advice. Any url in
 * it has its user part masked: some git versions write the url they were given, token and all.
 */
export function gitFailureReason(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const fatal = lines.find((line) => /^(fatal|error):/.test(line));
  return maskUrlsIn((fatal ?? lines.at(-1) ?? 'git failed').replace(/^(fatal|error):\s*/, ''));
}

const GIT_ENV = {
  GIT_TERMINAL_PROMPT: '0',
  GIT_ASKPASS: 'true',
  SSH_ASKPASS: 'true',
  GIT_SSH_COMMAND: 'ssh -oBatchMode=yes -oConnectTimeout=8',
};

/**
 * Lists a repository's tags and branches; never prompts and never waits longer than `timeoutMs`. git runs in
 * its own process group so a timeout also stops the helpers it started (ssh, git-remote-https), which would
 * otherwise hold the pipes open. The url comes after `--` and the `ext::` transport is refused, so a url
 * can never run a command.
 */
export function lsRemote(url: string, timeoutMs = 10_000): Promise<RemoteRefs> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'git',
      ['-c', 'protocol.ext.allow=never', 'ls-remote', '--tags', '--heads', '--', url],
      { env: { ...process.env, ...GIT_ENV }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    let stdout = '';
    let stderr = '';
    let settled = false;
    const finish = (error?: RepositoryUnreachableError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(parseLsRemote(stdout));
    };
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
      finish(new RepositoryUnreachableError(url, `no answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      finish(
        new RepositoryUnreachableError(
          url,
          error.code === 'ENOENT' ? 'git is not installed on the server' : error.message,
        ),
      ),
    );
    child.on('close', (code) =>
      finish(code === 0 ? undefined : new RepositoryUnreachableError(url, gitFailureReason(stderr))),
    );
  });
}
