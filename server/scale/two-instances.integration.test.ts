// Scale-out (PostgreSQL only): two real console processes on one database and one shared DATA_DIR, one real
// agent on each; a partner submits on A, an admin watches live on B, then A crashes mid-build.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { WebSocket } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiSession } from '../../tests/e2e/support/api';
import type { BuildEventMessage } from '../tasks/build-events-bus';
import { isReady, signInSocket } from '../test/live-socket-client';
import {
  ADMIN,
  AgentProcess,
  ConsoleProcess,
  createScaleDatabase,
  freePort,
  PARTNER,
  waitFor,
} from './processes';
import {
  addAgent,
  downloadArtifact,
  type LogLine,
  logOf,
  prepareBuilds,
  SLOW_BUILD,
  slowBuildLines,
  tasksOf,
} from './scenario';

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('two API instances on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createScaleDatabase>>;
  let dataDir: string;
  let a: ConsoleProcess;
  let b: ConsoleProcess;
  const agents: AgentProcess[] = [];
  let partnerA: ApiSession;
  let adminA: ApiSession;
  let adminB: ApiSession;
  let submit: () => Promise<{ id: number; uuid: string }>;
  let socket: WebSocket;
  const live: BuildEventMessage[] = [];

  beforeAll(async () => {
    database = await createScaleDatabase(serverUrl ?? '');
    // One DATA_DIR for both: artifacts, uploaded logos and the demo release repositories live there, and an
    // artifact uploaded through one instance must be downloadable through the other.
    dataDir = await mkdtemp(path.join(tmpdir(), 'scale-two-'));
    const common = {
      databaseUrl: database.url,
      dataDir,
      jwtSecret: randomBytes(24).toString('hex'),
      // Short leases, so a job whose instance died comes back within seconds.
      env: { LEASE_SECONDS: '6', CLAIM_WAIT_SECONDS: '5' },
    };
    const [portA, portB] = [await freePort(), await freePort()];
    // Started together: the startup lock lets one migrate and seed while the other waits.
    [a, b] = await Promise.all([
      new ConsoleProcess({ ...common, port: portA }).start(),
      new ConsoleProcess({ ...common, port: portB }).start(),
    ]);
    [partnerA, adminA, adminB] = await Promise.all([a.session(PARTNER), a.session(ADMIN), b.session(ADMIN)]);
    ({ submit } = await prepareBuilds(partnerA, 'scale-two'));

    socket = new WebSocket(`${b.url.replace(/^http/, 'ws')}/api/client/ws`);
    await new Promise<void>((resolve, reject) => {
      socket.onopen = () => resolve();
      socket.onerror = () => reject(new Error('the live socket on B did not open'));
    });
    socket.onmessage = (event) => {
      if (!isReady(event.data)) live.push(JSON.parse(String(event.data)) as BuildEventMessage);
    };
    await signInSocket(socket, adminB.token);

    // Each agent talks to its own instance only; heart-beats come well within the 6-second lease.
    const tokenA = await addAgent(adminA, 'scale-agent-a');
    const tokenB = await addAgent(adminB, 'scale-agent-b');
    const env = { BUILD_COMMAND: SLOW_BUILD };
    agents.push(
      new AgentProcess(a.url, tokenA, path.join(dataDir, 'agent-a'), env, ['--heartbeat-ms', '1000']),
    );
    agents.push(
      new AgentProcess(b.url, tokenB, path.join(dataDir, 'agent-b'), env, ['--heartbeat-ms', '1000']),
    );
  }, 120_000);

  afterAll(async () => {
    socket?.close();
    await Promise.all(agents.map((agent) => agent.kill()));
    await Promise.all([a?.stop('SIGKILL'), b?.stop('SIGKILL')]);
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  async function buildEventsOf(ids: number[]) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string; build_id: number; type: string; data: string }>(
        'select id, build_id, type, data from build_events where build_id = any($1) order by id',
        [ids],
      );
      return rows.map((row) => ({
        seq: Number(row.id),
        fw_id: row.build_id,
        type: row.type,
        data: row.data,
      }));
    } finally {
      await client.end();
    }
  }

  const allDone = (admin: ApiSession, ids: number[]) => async () => {
    const tasks = await tasksOf(admin, ids);
    return tasks.length === ids.length && tasks.every((t) => t.status === 'done') ? tasks : undefined;
  };

  it('builds submitted on A are built by both agents; B streams every event of them live', async () => {
    const submitted = [];
    for (let i = 0; i < 4; i++) submitted.push(await submit());
    const ids = submitted.map((s) => s.id);
    const tasks = await waitFor('four builds done', allDone(adminB, ids), 60_000);
    expect(new Set(tasks.map((t) => t.worker_name))).toEqual(new Set(['scale-agent-a', 'scale-agent-b']));
    for (const task of tasks) expect(task).toMatchObject({ attempts: 1, progress: 100 });

    // Every stored event reached the admin's socket on B, whichever instance the agent posted it to.
    const stored = await buildEventsOf(ids);
    const storedLogs = stored.filter((m) => m.type === 'log').length;
    await waitFor(
      'the live events on B',
      async () =>
        live.filter((m) => ids.includes(m.fw_id) && m.type === 'log_build').length >= storedLogs
          ? true
          : undefined,
      10_000,
    ).catch(() => undefined);
    const received = live
      .filter((m) => ids.includes(m.fw_id))
      .map((m) => ({
        seq: m.seq,
        fw_id: m.fw_id,
        type: m.type === 'log_build' ? 'log' : 'progress',
        data: String(m.data),
      }))
      .sort((x, y) => x.seq - y.seq);
    // Log lines: exactly the stored ones. Progress: every stored step, and the 100 the finish announces.
    expect(received.filter((m) => m.type === 'log')).toEqual(stored.filter((m) => m.type === 'log'));
    expect(received).toEqual(expect.arrayContaining(stored.filter((m) => m.type === 'progress')));
    for (const id of ids)
      expect(received).toContainEqual(expect.objectContaining({ fw_id: id, type: 'progress', data: '100' }));
    for (const id of ids) {
      const lines = (await logOf(adminB, id)).map((l) => l.line);
      expect(lines).toEqual(expect.arrayContaining(slowBuildLines(id, 1)));
      expect(received.filter((m) => m.fw_id === id && m.type === 'log').map((m) => m.data)).toEqual(lines);
    }

    // Both instances show the same tasks, and each artifact downloads from either.
    expect(await tasksOf(adminA, ids)).toEqual(tasks);
    for (const build of submitted) {
      expect(await downloadArtifact(b.url, build.uuid)).toBe(await downloadArtifact(a.url, build.uuid));
    }
  }, 90_000);

  it('loses nothing when instance A is killed mid-build: B and its agent finish every build', async () => {
    const submitted = [];
    for (let i = 0; i < 4; i++) submitted.push(await submit());
    const ids = submitted.map((s) => s.id);
    // A build of A's agent under way: A dies in the middle of it.
    const running = await waitFor(
      "a build of A's agent under way",
      async () =>
        (await tasksOf(adminB, ids)).find(
          (t) => t.worker_name === 'scale-agent-a' && t.status === 'in_progress' && t.progress >= 30,
        ),
      40_000,
    );
    const before = new Map<number, LogLine[]>();
    for (const id of ids) before.set(id, await logOf(adminB, id));
    expect(before.get(running.id)?.length).toBeGreaterThan(0);
    await a.stop('SIGKILL');

    const tasks = await waitFor('every build done after the crash', allDone(adminB, ids), 60_000).catch(
      async (error) => {
        console.log(await tasksOf(adminB, ids), agents.map((x) => x.output()).join('\n'), b.output());
        throw error;
      },
    );
    // The interrupted build went back to the queue when its lease expired, and B's agent rebuilt it.
    const rebuilt = tasks.find((t) => t.id === running.id);
    expect(rebuilt).toMatchObject({ worker_name: 'scale-agent-b', progress: 100 });
    expect(rebuilt?.attempts).toBeGreaterThan(1);
    for (const build of submitted) {
      const after = await logOf(adminB, build.id);
      // Every line stored before the crash is still there, in its place.
      expect(after).toEqual(expect.arrayContaining(before.get(build.id) ?? []));
      // And the attempt that finished logged every line of its script.
      const attempts = tasks.find((t) => t.id === build.id)?.attempts ?? 1;
      expect(after.map((l) => l.line)).toEqual(expect.arrayContaining(slowBuildLines(build.id, attempts)));
      expect(await downloadArtifact(b.url, build.uuid)).toMatch(/^[a-f0-9]{64}$/);
    }
    expect(
      (await logOf(adminB, running.id)).map((l) => l.line).some((line) => line.includes('lease expired')),
    ).toBe(true);
  }, 120_000);
});
