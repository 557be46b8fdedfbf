// Faults (PostgreSQL only), on a real console process and two real agents: the console restarted mid-build,
// the database unreachable for a few seconds (a TCP proxy in between is cut), an agent killed mid-build.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiSession } from '../../tests/e2e/support/api';
import {
  ADMIN,
  AgentProcess,
  ConsoleProcess,
  createScaleDatabase,
  freePort,
  PARTNER,
  TcpProxy,
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
  type Task,
  tasksOf,
} from './scenario';

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('faults', () => {
  let database: Awaited<ReturnType<typeof createScaleDatabase>>;
  let proxy: TcpProxy;
  let dataDir: string;
  let server: ConsoleProcess;
  const agents: AgentProcess[] = [];
  let partner: ApiSession;
  let admin: ApiSession;
  let submit: () => Promise<{ id: number; uuid: string }>;

  beforeAll(async () => {
    database = await createScaleDatabase(serverUrl ?? '');
    const target = new URL(database.url);
    proxy = await new TcpProxy(target.hostname, Number(target.port || 5432)).start();
    dataDir = await mkdtemp(path.join(tmpdir(), 'scale-faults-'));
    server = await new ConsoleProcess({
      databaseUrl: proxy.through(database.url),
      dataDir,
      port: await freePort(),
      jwtSecret: randomBytes(24).toString('hex'),
      // Leases outlive a short outage (heart-beats renew them as soon as the server answers again) but a
      // killed agent's job comes back within seconds.
      env: { LEASE_SECONDS: '6', CLAIM_WAIT_SECONDS: '5' },
    }).start();
    [partner, admin] = await Promise.all([server.session(PARTNER), server.session(ADMIN)]);
    ({ submit } = await prepareBuilds(partner, 'scale-faults'));
    for (const name of ['fault-agent-1', 'fault-agent-2']) {
      const token = await addAgent(admin, name);
      agents.push(
        new AgentProcess(server.url, token, path.join(dataDir, name), { BUILD_COMMAND: SLOW_BUILD }, [
          '--heartbeat-ms',
          '1000',
        ]),
      );
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(agents.map((agent) => agent.kill()));
    await server?.stop('SIGKILL');
    await proxy?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  async function submitFour() {
    const submitted = [];
    for (let i = 0; i < 4; i++) submitted.push(await submit());
    return submitted;
  }

  /** Waits for a build of `ids` under way past its first steps (of `worker`, if given). */
  function buildUnderWay(ids: number[], worker?: string): Promise<Task> {
    return waitFor(
      'a build under way',
      async () =>
        (await tasksOf(admin, ids)).find(
          (t) => t.status === 'in_progress' && t.progress >= 30 && (!worker || t.worker_name === worker),
        ),
      40_000,
    );
  }

  async function logsOf(ids: number[]): Promise<Map<number, LogLine[]>> {
    const logs = new Map<number, LogLine[]>();
    for (const id of ids) logs.set(id, await logOf(admin, id));
    return logs;
  }

  /** Every build done, with every line stored `before` still in its log, all its last attempt's lines and
   * its artifact downloadable. */
  async function expectAllFinished(builds: { id: number; uuid: string }[], before: Map<number, LogLine[]>) {
    const ids = builds.map((b) => b.id);
    const tasks = await waitFor(
      'every build done',
      async () => {
        const found = await tasksOf(admin, ids);
        return found.length === ids.length && found.every((t) => t.status === 'done') ? found : undefined;
      },
      60_000,
    ).catch(async (error) => {
      console.log(
        await tasksOf(admin, ids).catch(() => 'no tasks'),
        agents.map((a) => a.output()).join('\n'),
        server.output(),
      );
      throw error;
    });
    for (const build of builds) {
      const after = await logOf(admin, build.id);
      expect(after).toEqual(expect.arrayContaining(before.get(build.id) ?? []));
      const attempts = tasks.find((t) => t.id === build.id)?.attempts ?? 1;
      expect(after.map((l) => l.line)).toEqual(expect.arrayContaining(slowBuildLines(build.id, attempts)));
      expect(await downloadArtifact(server.url, build.uuid)).toMatch(/^[a-f0-9]{64}$/);
    }
    return tasks;
  }

  it('a restart of the console mid-build: the agents carry on by themselves and every build finishes', async () => {
    const builds = await submitFour();
    const ids = builds.map((b) => b.id);
    await buildUnderWay(ids);
    const before = await logsOf(ids);
    await server.stop('SIGTERM');
    await server.start();
    await expectAllFinished(builds, before);
    for (const agent of agents) expect(agent.child.exitCode).toBeNull();
  }, 120_000);

  it('the database unreachable for a few seconds: 503s meanwhile, no crash, every build finishes', async () => {
    const builds = await submitFour();
    const ids = builds.map((b) => b.id);
    await buildUnderWay(ids);
    const before = await logsOf(ids);
    await proxy.cut();
    const cutAt = Date.now();

    // Readiness says so, and an ordinary request gets a clean 503 in the API's error format.
    const ready = await fetch(`${server.url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ detail: expect.any(String) });
    const tasks = await fetch(`${server.url}/api/admin/firmwares/tasks`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(tasks.status).toBe(503);
    expect(tasks.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await tasks.json()).toEqual({ detail: 'Database unavailable' });
    const signIn = await server.session(PARTNER).catch((error: Error) => error.message);
    expect(signIn).toMatch(/sign-in failed: 503 \{"detail":/);

    await new Promise((r) => setTimeout(r, Math.max(0, 4_000 - (Date.now() - cutAt))));
    await proxy.restore();
    await waitFor(
      'ready again',
      async () => ((await fetch(`${server.url}/api/health/ready`)).ok ? true : undefined),
      20_000,
    );
    expect(server.running).toBe(true);
    await expectAllFinished(builds, before);
    expect(server.running).toBe(true);
  }, 120_000);

  it('an agent killed mid-build: its job goes back to the queue and the other agent finishes it', async () => {
    const builds = await submitFour();
    const ids = builds.map((b) => b.id);
    const running = await buildUnderWay(ids, 'fault-agent-1');
    const before = await logsOf(ids);
    await agents[0].kill('SIGKILL');
    const tasks = await expectAllFinished(builds, before);
    expect(tasks.find((t) => t.id === running.id)).toMatchObject({ worker_name: 'fault-agent-2' });
    expect(tasks.find((t) => t.id === running.id)?.attempts).toBeGreaterThan(1);
    const log = (await logOf(admin, running.id)).map((l) => l.line);
    expect(log.some((line) => line.includes('lease expired'))).toBe(true);
  }, 120_000);
});
