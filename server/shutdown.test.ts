// Graceful shutdown of the real server process (server/main.ts): SIGTERM while an agent's long poll, a
// request and a live socket are under way.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../tests/e2e/support/server';

const ADMIN = { email: 'admin@example.com', password: 'admin-pass-123' };
const XSRF = 'shutdown-test-xsrf';

let dir: string;
let child: ChildProcess;
let base: string;
let output = '';

async function until(check: () => boolean, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output}`);
    if (child.exitCode !== null)
      throw new Error(`server exited ${child.exitCode} waiting for ${what}:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** How many requests for `url` the server has logged as received (at debug: info logs each once answered). */
const received = (url: string) =>
  output
    .split('\n')
    .filter((line) => line.includes('"msg":"incoming request"') && line.includes(`"url":"${url}"`)).length;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'shutdown-test-'));
  const spa = path.join(dir, 'spa');
  await mkdir(spa);
  await writeFile(path.join(spa, 'index.html'), '<!doctype html><title>console</title>');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: '',
      SPA_DIR: spa,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: '0',
      EMBEDDED_AGENT: '0',
      LOG_LEVEL: 'debug',
      // The claim would wait a minute: only the shutdown can end it within this test.
      CLAIM_WAIT_SECONDS: '60',
      SHUTDOWN_GRACE_SECONDS: '20',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  let ready = false;
  const probe = async () => {
    while (!ready && child.exitCode === null) {
      ready = await fetch(`${base}/api/health/ready`).then(
        (res) => res.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 200));
    }
  };
  void probe();
  await until(() => ready, 'the server to be ready', 90_000);
}, 120_000);

afterAll(async () => {
  if (child.exitCode === null) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

async function call(method: string, url: string, token?: string, body?: unknown): Promise<Response> {
  return fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A WebSocket client by hand: the upgrade, then the close frame the server sends (code and reason). */
function openSocket(url: string): Promise<{ closed: Promise<{ code: number; reason: string }> }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${url}`, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': Buffer.from('shutdown-test-16').toString('base64'),
      },
    });
    req.on('response', (res) => reject(new Error(`no upgrade: ${res.statusCode}`)));
    req.on('error', reject);
    req.on('upgrade', (_res, socket: Socket) => {
      const closed = new Promise<{ code: number; reason: string }>((done, fail) => {
        let data = Buffer.alloc(0);
        socket.on('data', (chunk: Buffer) => {
          data = Buffer.concat([data, chunk]);
          // Server frames are not masked; a close frame is opcode 8 with a short payload: code, reason.
          while (data.length >= 2) {
            const length = data[1] & 0x7f;
            if (data.length < 2 + length) return;
            const opcode = data[0] & 0x0f;
            const payload = data.subarray(2, 2 + length);
            data = data.subarray(2 + length);
            if (opcode === 8) {
              done({ code: payload.readUInt16BE(0), reason: payload.subarray(2).toString() });
              socket.end();
              return;
            }
          }
        });
        socket.on('close', () => fail(new Error('socket closed without a close frame')));
      });
      resolve({ closed });
    });
    req.end();
  });
}

describe('SIGTERM', () => {
  it('answers waiting claims 204, finishes requests under way, closes live sockets with 1001 and exits 0', async () => {
    const signIn = await call('POST', '/api/auth/sign-in', undefined, ADMIN);
    expect(signIn.status).toBe(200);
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const added = await call('POST', '/api/admin/workers', token, { name: 'shutdown-agent' });
    expect(added.status).toBe(201);
    const agent = (await added.json()) as { token: string };

    // A live socket, an agent's long poll, and a sign-in whose body is only half sent.
    // Not signed in (that would take a masked frame, written by hand here): every open socket gets 1001.
    const socket = await openSocket('/api/client/ws');
    const claim = call('POST', '/api/agent/jobs/claim', agent.token, {});
    await until(() => received('/api/agent/jobs/claim') === 1, 'the claim to arrive');
    const body = JSON.stringify(ADMIN);
    let pending: http.ClientRequest | undefined;
    const slow = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${base}/api/auth/sign-in`, {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          cookie: `XSRF-TOKEN=${XSRF}`,
          'x-xsrf-token': XSRF,
        },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      pending = req;
    });
    await until(() => received('/api/auth/sign-in') === 2, 'the slow sign-in to arrive');

    child.kill('SIGTERM');
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    // The long poll ends at once with "no job", so that the agent polls again (another instance).
    const claimed = await claim;
    expect(claimed.status).toBe(204);
    // The live socket is told the server is going away.
    expect(await socket.closed).toEqual({ code: 1001, reason: 'Server shutting down' });
    // New requests are no longer taken: refused, or 503 on a connection already open.
    const late = await fetch(`${base}/api/health/ready`).then(
      (res) => res.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);

    // The request under way still completes.
    pending?.end(body.slice(10));
    const answered = await slow;
    expect(answered.status, answered.body).toBe(200);
    expect(JSON.parse(answered.body)).toHaveProperty('access_token');

    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
    // Everything ended of itself: nothing had to be cut after the grace period.
    expect(output).not.toContain('requests still under way');
  }, 60_000);
});
