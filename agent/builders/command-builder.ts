import { spawn } from 'node:child_process';
import { mkdir, readdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { buildEnvironment } from '../../contract/build-env';
import { BUILD_PROGRESS_MAX, type Builder } from './builder';
import { extractTar, listTree, packTree, sha256File } from './file-tree';

const PROGRESS_LINE = /^::progress\s+(\d+(?:\.\d+)?)\s*$/;

/**
 * An operator's own build script (`BUILD_COMMAND`, run by `sh -c`): the job spec as JSON on stdin, the
 * release sources unpacked in `$SOURCES_DIR/<repository>`, each stdout or stderr line a log line,
 * `::progress N` lines as progress, and the artifact in `$OUTPUT_DIR` — one `.tar.gz` is taken as it is,
 * anything else is packed. Cancelling kills the script's whole process group. The script's environment is
 * PATH, HOME, LANG and a few more, the job's variables and the variables named in `options.env` (BUILD_ENV):
 * nothing else of this process's, which holds the worker token and, in the console, the server's secrets.
 */
export function commandBuilder(command: string, options: { env?: readonly string[] } = {}): Builder {
  return async (context) => {
    const { job, log, progress, signal } = context;
    const sourcesDir = path.join(context.workDir, 'sources');
    const outputDir = path.join(context.workDir, 'output');
    await mkdir(outputDir, { recursive: true });
    for (const { repository_name: repository, tag_name: tag } of job.spec.release.tags) {
      signal.throwIfAborted();
      const tar = await context.sources.ensure(context.api, repository, tag, job.id);
      // The script reads the sources from disk: their links must be there (build-root.ts keeps them as
      // records otherwise).
      await extractTar(tar, path.join(sourcesDir, repository), repository, { linksOnDisk: true });
      log(`Sources of ${repository} at ${tag} in $SOURCES_DIR/${repository}`);
    }
    progress(10);

    await runScript(command, {
      stdin: JSON.stringify(job.spec),
      env: buildEnvironment(process.env, options.env ?? [], {
        OUTPUT_DIR: outputDir,
        SOURCES_DIR: sourcesDir,
        JOB_ID: String(job.id),
        JOB_UUID: job.uuid,
        JOB_ATTEMPT: String(job.attempt),
      }),
      cwd: context.workDir,
      signal,
      onLine: (line) => {
        const match = PROGRESS_LINE.exec(line);
        if (match) progress(Math.min(BUILD_PROGRESS_MAX, Number(match[1])));
        else log(line);
      },
    });

    const made = await readdir(outputDir, { withFileTypes: true });
    const target = path.join(context.workDir, `${job.uuid}.tar.gz`);
    if (made.length === 1 && made[0].isFile() && made[0].name.endsWith('.tar.gz')) {
      await rename(path.join(outputDir, made[0].name), target);
      return { file: target, sha256: await sha256File(target), size: (await stat(target)).size };
    }
    const files = await listTree(outputDir);
    if (files.length === 0) throw new Error('The build command left nothing in $OUTPUT_DIR');
    const packed = await packTree(outputDir, files, target, {
      prefix: job.uuid,
      mtime: Math.floor(Date.now() / 1000),
    });
    return { file: target, ...packed };
  };
}

interface ScriptOptions {
  stdin: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  signal: AbortSignal;
  onLine: (line: string) => void;
}

function runScript(command: string, options: ScriptOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    options.signal.addEventListener('abort', kill, { once: true });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.stdin);
    createInterface({ input: child.stdout }).on('line', options.onLine);
    createInterface({ input: child.stderr }).on('line', options.onLine);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      options.signal.removeEventListener('abort', kill);
      if (options.signal.aborted) reject(options.signal.reason ?? new Error('Build cancelled'));
      else if (code === 0) resolve();
      else reject(new Error(`The build command exited with ${code ?? signal}`));
    });
  });
}
