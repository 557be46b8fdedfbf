// Real processes for the scale-out and fault tests: console instances (`tsx server/main.ts`) on one PostgreSQL
// database, build agents (`tsx agent/main.ts`), and a TCP proxy that can cut the database off. PostgreSQL
// only: the caller skips itself without DATABASE_URL.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server, Socket } from 'node:net';
import path from 'node:path';
import { type ApiSession, apiSession } from '../../tests/e2e/support/api';
import { freePort } from '../../tests/e2e/support/server';
import { createScratchDatabase } from '../test/test-database';

export { freePort };

const root = path.resolve(import.meta.dirname, '../..');

export const ADMIN = { email: 'admin@example.com', password: 'admin-pass-123' };
export const PARTNER = { email: 'partner@localhost', password: 'partner-pass-123' };

export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${last}` : ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A fresh database `scale_<random>` on the DATABASE_URL server; `drop` removes it. */
export const createScaleDatabase = (serverUrl: string) => createScratchDatabase(serverUrl, 'scale');

function collect(child: ChildProcess): () => string {
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  return () => output;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

export interface ConsoleOptions {
  databaseUrl: string;
  dataDir: string;
  port: number;
  /** Shared by every instance: a token signed by one is accepted by all. */
  jwtSecret: string;
  env?: Record<string, string>;
}

/** One console instance (`tsx server/main.ts`), as production runs it behind a load balancer. */
export class ConsoleProcess {
  readonly url: string;
  child!: ChildProcess;
  private logs: (() => string)[] = [];

  constructor(readonly options: ConsoleOptions) {
    this.url = `http://127.0.0.1:${options.port}`;
  }

  /** Everything the instance printed, over all its starts. */
  output(): string {
    return this.logs.map((log) => log()).join('\n--- restart ---\n');
  }

  /** Starts the process and waits for /api/health/ready. */
  async start(): Promise<this> {
    const { options } = this;
    this.child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        DATA_DIR: options.dataDir,
        DATABASE_URL: options.databaseUrl,
        JWT_SECRET: options.jwtSecret,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        DEMO_PASSWORD: PARTNER.password,
        SEED_DEMO: '1',
        EMBEDDED_AGENT: '0',
        // No SPA build is needed: the API is what these tests speak.
        SPA_DIR: path.join(options.dataDir, 'no-spa'),
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.logs.push(collect(this.child));
    const child = this.child;
    await waitFor(
      `${this.url} to be ready`,
      async () => {
        if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}:\n${this.output()}`);
        const res = await fetch(`${this.url}/api/health/ready`).catch(() => undefined);
        return res?.ok ? true : undefined;
      },
      90_000,
    ).catch((error) => {
      throw new Error(`${error.message}\n${this.output()}`);
    });
    return this;
  }

  get running(): boolean {
    return this.child?.exitCode === null && this.child.signalCode === null;
  }

  /** SIGTERM (a graceful stop, as a deploy does) or SIGKILL (a crash); resolves once the process is gone. */
  async stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
    if (!this.running) return;
    const gone = exited(this.child);
    this.child.kill(signal);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await gone;
    clearTimeout(timer);
  }

  session(account: { email: string; password: string }): Promise<ApiSession> {
    return apiSession(this.url, account);
  }
}

/** A build agent process (`tsx agent/main.ts`) for `server`. */
export class AgentProcess {
  readonly child: ChildProcess;
  readonly output: () => string;

  constructor(
    server: string,
    token: string,
    workDir: string,
    env: Record<string, string> = {},
    args: string[] = [],
  ) {
    this.child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'agent/main.ts',
        '--server',
        server,
        '--token',
        token,
        '--work-dir',
        workDir,
        ...args,
      ],
      { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.output = collect(this.child);
  }

  /** Lines 'Job N done' printed so far: the server has recorded those finishes. */
  doneJobs(): number[] {
    return [...this.output().matchAll(/Job (\d+) done/g)].map((m) => Number(m[1]));
  }

  async kill(signal: 'SIGTERM' | 'SIGKILL' = 'SIGKILL'): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const gone = exited(this.child);
    this.child.kill(signal);
    await gone;
  }
}

/**
 * A TCP proxy in front of PostgreSQL: `cut()` drops every connection and refuses new ones (the database is
 * unreachable), `restore()` listens again on the same port.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = 0): Promise<this> {
    const server = createServer((client) => {
      const upstream = new Socket();
      this.track(client);
      this.track(upstream);
      upstream.connect(this.targetPort, this.targetHost);
      client.pipe(upstream).pipe(client);
      const drop = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', drop);
      upstream.on('error', drop);
      client.on('close', drop);
      upstream.on('close', drop);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : port;
    this.server = server;
    return this;
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
  }

  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string {
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(this.port);
    return proxied.toString();
  }

  /** Every open connection is reset and the port refuses new ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    for (const socket of this.sockets) socket.resetAndDestroy();
    await closed;
  }

  async restore(): Promise<void> {
    await this.start(this.port);
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
