import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  url: string;
  pid: number;
  /** Milliseconds from spawn to /api/health/ready answering 200. */
  readyMs: number;
  dataDir: string;
  admin: { email: string; password: string };
  partner: { email: string; password: string };
  output: () => string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the console as `npm start` would (after the build), on a fresh DATA_DIR and a free port — or on the
 * DATA_DIR and PORT given in `env` (a restart), which `stop` then leaves in place.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const ownDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR || (await mkdtemp(join(tmpdir(), 'fc-e2e-')));
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const admin = { email: 'admin@example.com', password: 'admin-pass-123' };
  const partner = { email: 'partner@localhost', password: 'partner-pass-123' };
  let log = '';
  const spawnedAt = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.mjs'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      DEMO_PASSWORD: partner.password,
      SEED_DEMO: '1',
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  if (Date.now() >= deadline) throw new Error(`server did not become ready:\n${log}`);
  return {
    url,
    pid: child.pid ?? 0,
    readyMs: performance.now() - spawnedAt,
    dataDir,
    admin,
    partner,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (ownDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
