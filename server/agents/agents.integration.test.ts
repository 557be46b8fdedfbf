// Two real agent processes (`node --import tsx agent/main.ts`) against a real HTTP server on a real database.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readTar } from '../../agent/tar';
import { blobName } from '../builds/artifacts/artifact-store';
import { buildEvents, builds } from '../platform/db/schema';
import { type AgentWorld, addAgent, createAgentWorld, queueBuild } from '../test/agent-fixtures';
import { buildBody, submit } from '../test/build-fixtures';

const root = path.resolve(import.meta.dirname, '../..');
let w: AgentWorld;
let url: string;
let workRoot: string;
const agents: ChildProcess[] = [];

beforeAll(async () => {
  // Short leases and heart-beats, so a killed agent's job comes back within seconds.
  w = await createAgentWorld({ leaseMs: 6_000, sweepMs: 250, claimWaitMs: 5_000, pollMs: 500 });
  url = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  workRoot = await mkdtemp(path.join(tmpdir(), 'agents-it-'));
}, 120_000);

afterEach(() => {
  for (const agent of agents.splice(0)) if (agent.exitCode === null) agent.kill('SIGKILL');
});

afterAll(async () => {
  await w.close();
  await rm(workRoot, { recursive: true, force: true });
});

function startAgent(token: string, name: string, env: Record<string, string> = {}) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'agent/main.ts',
      '--server',
      url,
      '--token',
      token,
      '--work-dir',
      path.join(workRoot, name),
      // Heart-beats renew leases: they must come well within the test's 6-second lease.
      '--heartbeat-ms',
      '500',
    ],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  agents.push(child);
  return { child, output: () => output };
}

type Task = { id: number; status: string; attempts: number; worker_name: string | null; progress: number };

async function allTasks(): Promise<Task[]> {
  const found: Task[] = [];
  for (let page = 0; ; page++) {
    const res = await w.t.app.inject({
      url: `/api/admin/firmwares/tasks?page=${page}`,
      headers: { authorization: `Bearer ${w.admin.token}` },
    });
    const rows = res.json<Task[]>();
    found.push(...rows);
    if (rows.length < 20) return found;
  }
}

/**
 * Waits for `check` to answer. The deadlines are generous on purpose (issue 40): a busy machine takes several
 * times longer, and a fast one never waits for them.
 */
async function waitFor<T>(what: string, check: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Unpacks an artifact and checks every file against its manifest, and the upgrade archive the demo recipe
 * makes: its install script, the build's pools in the miner's own etc/miner.conf. Answers the file count.
 */
async function verifyArtifact(uuid: string, sha256: string): Promise<number> {
  const file = path.join(w.dataDir, blobName(sha256));
  expect(
    createHash('sha256')
      .update(await readFile(file))
      .digest('hex'),
  ).toBe(sha256);
  const files = new Map<string, string>();
  let minerConf = '';
  for await (const entry of readTar(createReadStream(file).pipe(createGunzip()))) {
    if (entry.type === 'file') files.set(entry.path, createHash('sha256').update(entry.data).digest('hex'));
    if (entry.path === `${uuid}/rootfs/etc/miner.conf`) minerConf = entry.data.toString();
  }
  expect(minerConf).toMatch(
    /^devfee = \{"url":"stratum\+tcp:\/\/btc\.viabtc\.io:3333","user":"vendor\.myset"/m,
  );
  expect(minerConf).toMatch(/^fee_pools = \[\{"url":"stratum\+tcp:\/\/btc\.f2pool\.com:1314"/m);
  const manifestHash = files.get(`${uuid}/manifest.json`);
  expect(manifestHash).toBeDefined();
  let manifest: { uuid: string; files: { path: string; sha256: string }[] } | undefined;
  for await (const entry of readTar(createReadStream(file).pipe(createGunzip()))) {
    if (entry.path === `${uuid}/manifest.json`) manifest = JSON.parse(entry.data.toString());
  }
  expect(manifest?.uuid).toBe(uuid);
  for (const listed of manifest?.files ?? []) expect(files.get(`${uuid}/${listed.path}`)).toBe(listed.sha256);
  expect(manifest?.files.map((f) => f.path)).toEqual(
    expect.arrayContaining([
      'install.sh',
      'rootfs/etc/miner.conf',
      'rootfs/VERSION',
      'rootfs/www/index.html',
    ]),
  );
  return manifest?.files.length ?? 0;
}

describe('two real agents', () => {
  it('build twenty builds, each exactly once, with artifacts that match their manifests', async () => {
    const one = await addAgent(w, 'it-agent-1');
    const two = await addAgent(w, 'it-agent-2');
    const a = startAgent(one.token, 'one');
    const b = startAgent(two.token, 'two');
    const queued = [];
    // Upgrade archives: the SD-card and NAND images are opened in agent/builders/recipe-builder.test.ts.
    const body = buildBody(w, w.set.id, { install_type: 'upgrade' });
    for (let i = 0; i < 20; i++) queued.push(await submit(w, w.partner.token, body));
    const ids = new Set(queued.map((q) => q.id));
    const tasks = await waitFor(
      'twenty builds done',
      async () => {
        const mine = (await allTasks()).filter((t) => ids.has(t.id));
        return mine.every((t) => t.status === 'done') ? mine : undefined;
      },
      150_000,
    );
    expect(tasks).toHaveLength(20);
    for (const task of tasks) expect(task).toMatchObject({ attempts: 1, progress: 100 });
    // Both agents took part, and no build was done twice.
    const byAgent = new Set(tasks.map((t) => t.worker_name));
    expect(byAgent).toEqual(new Set(['it-agent-1', 'it-agent-2']));
    const done = await w.t.db
      .select({ id: buildEvents.build_id })
      .from(buildEvents)
      .where(and(like(buildEvents.data, 'Done:%'), inArray(buildEvents.build_id, [...ids])));
    // Only this test's builds: the file's other test may have run first (a shuffled run) and finished its own.
    expect(done.map((row) => row.id).sort()).toEqual([...ids].sort());
    // An agent prints its 'Job N done' line after the server has recorded the finish: wait for the last ones.
    const doneLines = () => `${a.output()}${b.output()}`.match(/Job \d+ done/g) ?? [];
    await expect.poll(() => doneLines().length, { timeout: 60_000 }).toBe(20);
    for (const build of queued) {
      const [row] = await w.t.db.select().from(builds).where(eq(builds.id, build.id));
      expect(row.sha256).toMatch(/^[a-f0-9]{64}$/);
      expect(await verifyArtifact(row.uuid, row.sha256 ?? '')).toBeGreaterThan(5);
    }
  }, 200_000);

  it('finishes on the other agent a build whose agent was killed mid-build', async () => {
    // A build script slow enough to be killed in the middle of.
    const script = 'echo building; echo "::progress 30"; sleep 3; echo firmware > "$OUTPUT_DIR/firmware.bin"';
    const one = await addAgent(w, 'it-agent-3');
    const two = await addAgent(w, 'it-agent-4');
    const first = startAgent(one.token, 'three', { BUILD_COMMAND: script });
    const build = await queueBuild(w);
    const running = await waitFor(
      'the build to start',
      async () =>
        (await allTasks()).find((t) => t.id === build.id && t.status === 'in_progress' && t.progress >= 30),
      90_000,
    ).catch(async (error) => {
      console.log(first.output(), await allTasks().then((all) => all.find((t) => t.id === build.id)));
      throw error;
    });
    expect(running.worker_name).toBe('it-agent-3');
    // Usually attempt 1; on a swamped machine the agent's first round can outlast its lease before it says
    // anything, and the agent then builds the next round.
    const killedIn = running.attempts;
    first.child.kill('SIGKILL');
    const second = startAgent(two.token, 'four', { BUILD_COMMAND: script });
    const finished = await waitFor(
      'the build to finish elsewhere',
      async () => (await allTasks()).find((t) => t.id === build.id && t.status === 'done'),
      90_000,
    );
    const log = await w.t.app.inject({
      url: `/api/client/firmware/firmwares/${build.id}/log`,
      headers: { authorization: `Bearer ${w.admin.token}` },
    });
    const lines = log.json<{ lines: { line: string }[] }>().lines.map((l) => l.line);
    const outputs = `--- it-agent-3:\n${first.output()}\n--- it-agent-4:\n${second.output()}`;
    expect(finished, `${lines.join('\n')}\n${outputs}`).toMatchObject({
      worker_name: 'it-agent-4',
      attempts: killedIn + 1,
      progress: 100,
    });
    expect(lines.some((line) => line.includes(`lease expired); attempt ${killedIn} of`))).toBe(true);
  }, 200_000);
});
