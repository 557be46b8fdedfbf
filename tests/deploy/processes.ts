// What the deploy tests run their processes with: the built console's commands from the repository's root, their
// output kept for assertions, and a wait on a condition with a deadline.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface Child {
  child: ChildProcess;
  output: () => string;
}

/** Runs `file` from the repository's root with `env` over this process's environment, keeping its output. */
export function run(file: string, args: string[], env: Record<string, string>): Child {
  const child = spawn(file, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  return { child, output: () => output };
}

/** Waits until `check` holds (a throw counts as not yet), failing after `ms` with what it waited for. */
export async function waitUntil(what: string, check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
