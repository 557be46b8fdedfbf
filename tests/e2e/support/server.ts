import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
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
  /** SIGTERM, then SIGKILL after 10 s; removes a DATA_DIR it made unless kept (then a SIGKILL throws). */
  stop: (options?: { keepDataDir?: boolean }) => Promise<void>;
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
 * Fills an empty `dataDir` with a copy of `golden`, a data directory the console has already initialised,
 * migrated, seeded and vacuumed with the same environment (tests/e2e/support/golden-data-dir.ts). Leaves a
 * directory that holds anything alone (a restart). The embedded agent's source cache is copied but for a
 * download it may have been stopped in (`.part`): its tars are complete, renamed into place when whole
 * (agent/source-cache.ts), and fetching them again cost every start ~2 CPU-s of the server's git (issue 40).
 */
async function fillFromGolden(dataDir: string, golden: string | undefined): Promise<void> {
  if (!golden || (await readdir(dataDir)).length > 0) return;
  await cp(golden, dataDir, { recursive: true, filter: (source) => !source.endsWith('.part') });
}

/**
 * Starts the console as `npm start` would (after the build), on a fresh DATA_DIR and a free port — or on the
 * DATA_DIR and PORT given in `env` (a restart), which `stop` then leaves in place. With `from`, an empty
 * DATA_DIR starts as a copy of that initialised one instead of from nothing (initdb, migrations and seeding
 * are most of a first start's CPU time: issue 40).
 */
export async function startServer(
  env: Record<string, string> = {},
  {
    from,
    readyWithinMs = from ? 90_000 : 180_000,
  }: {
    from?: string;
    /** How long it may take to answer ready: a first start from nothing (initdb, migrations, seeding) took over
     * 90 s beside the rest of the suite on a loaded 2-core machine (issue 40). */
    readyWithinMs?: number;
  } = {},
): Promise<RunningServer> {
  const ownDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR || (await mkdtemp(join(tmpdir(), 'fc-e2e-')));
  await fillFromGolden(dataDir, from);
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
  const deadline = Date.now() + readyWithinMs;
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
  if (Date.now() >= deadline) {
    // Not left running behind the failed test, holding a core of the machine the next tests run on.
    child.kill('SIGKILL');
    if (ownDir) await rm(dataDir, { recursive: true, force: true });
    throw new Error(`server did not become ready:\n${log}`);
  }
  return {
    url,
    pid: child.pid ?? 0,
    readyMs: performance.now() - spawnedAt,
    dataDir,
    admin,
    partner,
    output: () => log,
    stop: async ({ keepDataDir = false } = {}) => {
      let killed = false;
      const running = () => child.exitCode === null && child.signalCode === null;
      if (running()) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (running()) {
          killed = true;
          child.kill('SIGKILL');
        }
      }
      if (keepDataDir && killed) throw new Error(`the server did not stop within 10 s of SIGTERM:\n${log}`);
      if (ownDir && !keepDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
