// The production commands are the node processes themselves (issue 43, item 2.1): a supervisor's SIGTERM must
// reach node, not an npm or a shell that leaves it running. Checks deploy/systemd/'s units (with systemd's own
// `systemd-analyze verify` where it is installed) and that `npm run agent` hands a SIGTERM on to node.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const UNIT_NAMES = ['firmware-console.service', 'firmware-agent.service'];
const UNITS = UNIT_NAMES.map((name) => path.join(root, 'deploy/systemd', name));
const hasSystemdAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0;

/** The unit's `Key=value` settings (the last one of a key wins, as in systemd). */
function settings(file: string): Map<string, string> {
  const lines = readFileSync(file, 'utf8').split('\n');
  return new Map(
    lines
      .filter((line) => /^[A-Za-z]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const),
  );
}

const seconds = (value: string) => {
  const match = /^(\d+)(min|s)?$/.exec(value);
  if (!match) throw new Error(`unreadable time ${value}`);
  return Number(match[1]) * (match[2] === 'min' ? 60 : 1);
};

describe("deploy/systemd's units", () => {
  it.skipIf(!hasSystemdAnalyze)('pass systemd-analyze verify', () => {
    const run = spawnSync('systemd-analyze', ['verify', ...UNITS], { encoding: 'utf8' });
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
  });

  it.each(UNIT_NAMES)(
    '%s starts node itself, stops it with a timeout, and takes no token as an argument',
    (name) => {
      const file = path.join(root, 'deploy/systemd', name);
      const unit = settings(file);
      const [executable, ...args] = (unit.get('ExecStart') ?? '').split(/\s+/);
      expect(path.basename(executable)).toBe('node');
      const script = args.find((arg) => arg.endsWith('.mjs')) ?? '';
      expect(script).toMatch(/^dist-server\//);
      // What `npm run build` writes (the deploy project runs after the build).
      if (existsSync(path.join(root, 'dist-server'))) expect(existsSync(path.join(root, script))).toBe(true);
      expect(unit.get('KillMode')).toBe('mixed');
      expect(seconds(unit.get('TimeoutStopSec') ?? '')).toBeGreaterThanOrEqual(20);
      expect(unit.get('ExecStart')).not.toContain('--token');
      // Environment= lines show in `systemctl show`; the token belongs in the EnvironmentFile.
      const environment = readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('Environment='));
      expect(environment.join('\n')).not.toContain('AGENT_TOKEN');
    },
  );
});

/** Resolves with the first child process of `pid` (ps), once there is one. */
async function childOf(pid: number): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const found = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout.trim();
    if (found) return Number(found.split('\n')[0]);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no child of ${pid}`);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm run agent', () => {
  it('runs node with no shell in between, so a SIGTERM to npm stops the agent', async () => {
    // A console that never has a build: claims wait, then answer 204.
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url?.endsWith('/claim')) setTimeout(() => res.writeHead(204).end(), 200);
        else res.writeHead(200, { 'content-type': 'application/json' }).end('{"deployed":[]}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    let npm: ChildProcess | undefined;
    let node: number | undefined;
    try {
      npm = spawn('npm', ['run', '--silent', 'agent', '--', '--server', url], {
        cwd: root,
        env: { ...process.env, AGENT_TOKEN: 'wk_process_commands_test' },
        stdio: 'ignore',
      });
      node = await childOf(npm.pid ?? 0);
      const pid = node;
      // npm's child is `sh -c …`, which must become node (exec) rather than start node as its own child.
      const program = () => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
      for (let i = 0; i < 100 && !program().endsWith('node'); i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(program()).toMatch(/node$/);
      const exited = new Promise((resolve) => npm?.once('exit', resolve));
      npm.kill('SIGTERM');
      await exited;
      for (let i = 0; i < 100 && alive(node); i++) await new Promise((r) => setTimeout(r, 50));
      expect(alive(node)).toBe(false);
    } finally {
      // Whatever a failure left running: the shell and node under it, or node alone.
      if (npm?.exitCode === null) npm.kill('SIGKILL');
      if (node !== undefined && alive(node)) spawnSync('pkill', ['-KILL', '-P', String(node)]);
      if (node !== undefined && alive(node)) process.kill(node, 'SIGKILL');
      server.close();
    }
  }, 30_000);
});
