// Issue 43 §2.5: the real process (server/main.ts) against a database that is not there, and on a port in use.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../tests/e2e/support/server';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'start-refusals-'));
});

afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs the server's entry with `env` until it exits; its exit code and both outputs. */
function run(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      SEED_DEMO: '0',
      EMBEDDED_AGENT: '0',
      JWT_SECRET: 'start-refusals-test-secret',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('starting against a database that does not answer', () => {
  it('keeps trying, logging each try, then gives up naming DATABASE_URL and DATABASE_CONNECT_TIMEOUT', async () => {
    const closed = await freePort();
    const result = await run({
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://console:pw-not-logged@127.0.0.1:${closed}/console`,
      DATABASE_CONNECT_TIMEOUT: '3',
    });
    expect(result.code).toBe(1);
    const tries = result.stderr.match(
      /WARN database console@127\.0\.0\.1:\d+\/console not reachable \(try \d+\)/g,
    );
    expect(tries?.length).toBeGreaterThanOrEqual(2);
    expect(result.stderr).toContain('ECONNREFUSED');
    expect(result.stderr).toMatch(
      /Not starting: the database console@127\.0\.0\.1:\d+\/console \(DATABASE_URL\) did not answer within DATABASE_CONNECT_TIMEOUT=3 seconds/,
    );
    expect(result.stderr + result.stdout).not.toContain('pw-not-logged');
  }, 180_000);
});

describe('starting on a port in use', () => {
  let taken: Server;
  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it('refuses at once, before reaching the database', async () => {
    taken = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    const result = await run({
      PORT: String(port),
      // Were the database tried first, this would wait a minute and say so.
      DATABASE_URL: `postgres://console@127.0.0.1:${await freePort()}/console`,
      DATABASE_CONNECT_TIMEOUT: '60',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `Not starting: PORT ${port} on HOST 127.0.0.1 is already in use (EADDRINUSE)`,
    );
    expect(result.stderr).not.toContain('not reachable');
  }, 180_000);
});
