// @vitest-environment node
// The agent's token never shows in `ps` or in its log (issue 43, item 2.2): it comes from AGENT_TOKEN or
// AGENT_TOKEN_FILE, and nothing the agent prints holds it. Runs agent/main.ts as its own process, as an
// operator does, against a stand-in console that records the token each call brings.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const TOKEN = 'wk_never-in-ps-or-logs-5f1c';
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A console with no builds that records the bearer tokens it is sent. */
async function standInConsole() {
  const tokens: string[] = [];
  const server = http.createServer((req, res) => {
    tokens.push((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    req.resume();
    req.on('end', () => {
      if (req.url?.endsWith('/claim')) setTimeout(() => res.writeHead(204).end(), 100);
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"deployed":[]}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, tokens };
}

/** Starts the agent; resolves once the console has had a call from it, with its output and command line. */
async function startAgent(args: string[], env: Record<string, string>, tokens: string[]) {
  const workDir = await mkdtemp(path.join(tmpdir(), 'agent-token-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'agent/main.ts', ...args], {
    cwd: root,
    env: { ...process.env, AGENT_TOKEN: '', AGENT_TOKEN_FILE: '', AGENT_WORK_DIR: workDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  cleanup.push(async () => {
    if (child.exitCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
    }
    await rm(workDir, { recursive: true, force: true });
  });
  // tsx compiling the agent at start took over 20 s on a loaded 2-core machine (issue 40).
  const deadline = Date.now() + 60_000;
  while (tokens.length === 0 && child.exitCode === null && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const commandLine = child.exitCode === null ? await readFile(`/proc/${child.pid}/cmdline`, 'utf8') : '';
  return { output: () => output, commandLine };
}

describe("the agent's token", () => {
  it('comes from AGENT_TOKEN and shows neither on the command line nor in the start-up log', async () => {
    const stand = await standInConsole();
    const agent = await startAgent(['--server', stand.url], { AGENT_TOKEN: TOKEN }, stand.tokens);
    expect(stand.tokens[0]).toBe(TOKEN);
    expect(agent.output()).toContain('Build agent for');
    expect(agent.output()).not.toContain(TOKEN);
    expect(agent.commandLine).not.toContain(TOKEN);
  }, 90_000);

  it('comes from the file AGENT_TOKEN_FILE names', async () => {
    const stand = await standInConsole();
    const dir = await mkdtemp(path.join(tmpdir(), 'agent-token-file-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'token');
    await writeFile(file, `${TOKEN}\n`, { mode: 0o600 });
    const agent = await startAgent(['--server', stand.url], { AGENT_TOKEN_FILE: file }, stand.tokens);
    expect(stand.tokens[0]).toBe(TOKEN);
    expect(agent.output()).not.toContain(TOKEN);
  }, 90_000);

  it('given as --token still works, with a warning that does not repeat it', async () => {
    const stand = await standInConsole();
    const agent = await startAgent(['--server', stand.url, '--token', TOKEN], {}, stand.tokens);
    expect(stand.tokens[0]).toBe(TOKEN);
    expect(agent.output()).toContain('AGENT_TOKEN_FILE');
    expect(agent.output()).not.toContain(TOKEN);
  }, 90_000);
});
