// Issue 37 §1: a rebuild left the earlier run's file "not genuine" (the attestation was the build's latest) and
// its download gone. Real builds by the embedded agent on a real HTTP server, then `npm run verify` in-process
// (scripts/verify-archive.ts) on each run's file; and §3's messages for a damaged file and a server that is
// not the console.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVerify } from '../../scripts/verify-archive';
import type { EmbeddedAgent } from '../agents/embedded-agent';
import { sweepOrphanArtifacts } from '../builds/artifacts/reuse';
import {
  type AgentWorld,
  createAgentWorld,
  queueBuild,
  startWorldAgent,
  taskOf,
} from '../test/agent-fixtures';
import { api } from '../test/build-fixtures';

/** A console on a real HTTP server whose embedded agent built one build twice: runs 1 and 2. */
interface TwoRuns {
  w: AgentWorld;
  url: string;
  build: { id: number; uuid: string };
  /** Each run's file as downloaded, and its sha256. */
  files: Record<number, { path: string; sha256: string }>;
  /** The run each plain download (the build's link) said it served. */
  served: Record<number, string | null>;
  close(): Promise<void>;
}

/** The file's console, which its tests only read; the retention test, which ends run 1, makes its own. */
let shared: TwoRuns;
let w: AgentWorld;
let url: string;
let build: { id: number; uuid: string };
let files: TwoRuns['files'];
let served: TwoRuns['served'];
let tmp: string;

async function verify(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runVerify(args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

async function download(run?: number, at: Pick<TwoRuns, 'url' | 'build'> = { url, build }) {
  const res = await fetch(`${at.url}/api/files/firmwares/${at.build.uuid}${run ? `?run=${run}` : ''}`);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Waits in beforeAll (expect.poll is for tests only). */
async function untilDone(w: AgentWorld, id: number) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const status = (await taskOf(w, id))?.status;
    if (status === 'done' || status === 'failed') return status;
    if (Date.now() > deadline) throw new Error(`build ${id} did not finish`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function twoRuns(): Promise<TwoRuns> {
  const w = await createAgentWorld({ claimWaitMs: 2_000 });
  const url = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  let agent: EmbeddedAgent | undefined;
  const tmp = await mkdtemp(path.join(tmpdir(), 'verify-runs-'));
  const close = async () => {
    await agent?.stop();
    await w.close();
    await rm(tmp, { recursive: true, force: true });
  };
  const files: TwoRuns['files'] = {};
  const served: TwoRuns['served'] = {};
  try {
    agent = await startWorldAgent(w, {}, url);
    const build = await queueBuild(w);
    expect(await untilDone(w, build.id)).toBe('done');
    const first = await download(undefined, { url, build });
    expect(first.res.status).toBe(200);
    served[1] = first.res.headers.get('x-build-run');
    files[1] = { path: path.join(tmp, 'run-1.tar.gz'), sha256: sha256(first.bytes) };
    await writeFile(files[1].path, first.bytes);
    expect((await verify('--server', url, files[1].path)).code).toBe(0);

    // The archive's entries carry the build's time in whole seconds: a rebuild within the same second is the same
    // file (the same sha256, one stored object), which is right, but leaves no second file to tell apart. A fast
    // first build failed this file that way (issue 40), so the rebuild starts in the next second.
    await new Promise((r) => setTimeout(r, 1_000 - (Date.now() % 1_000) + 5));
    const rebuilt = await api(
      w,
      'POST',
      `/client/firmware/firmwares/rebuild?firmware_id=${build.id}`,
      w.partner.token,
    );
    expect(rebuilt.statusCode, rebuilt.body).toBe(200);
    expect(await untilDone(w, build.id)).toBe('done');
    const second = await download(undefined, { url, build });
    served[2] = second.res.headers.get('x-build-run');
    files[2] = { path: path.join(tmp, 'run-2.tar.gz'), sha256: sha256(second.bytes) };
    await writeFile(files[2].path, second.bytes);
    return { w, url, build, files, served, close };
  } catch (error) {
    await close();
    throw error;
  }
}

beforeAll(async () => {
  shared = await twoRuns();
  ({ w, url, build, files, served } = shared);
  tmp = path.dirname(files[1].path);
}, 180_000);

afterAll(async () => {
  await shared?.close();
});

describe('every run keeps its file and its attestation (issue 37 §1)', () => {
  it('the run-1 file still verifies after the rebuild, and the run-2 file verifies', async () => {
    expect(files[2].sha256).not.toBe(files[1].sha256);
    const old = await verify('--server', url, files[1].path);
    expect(old.stderr).toBe('');
    expect([old.code, old.stdout]).toEqual([0, expect.stringMatching(/^VALID /)]);
    const fresh = await verify('--server', url, files[2].path);
    expect([fresh.code, fresh.stderr]).toEqual([0, '']);
    // By uuid and run as well.
    expect((await verify('--server', url, '--run', '1', files[1].path)).code).toBe(0);
  });

  it("finds each run's attestation by the file's sha256, and by uuid plus run", async () => {
    for (const run of [1, 2]) {
      const bySha = await fetch(`${url}/api/files/attestations/${files[run].sha256}`);
      expect(bySha.status).toBe(200);
      expect(JSON.parse((await bySha.json()).payload).sha256).toBe(files[run].sha256);
      const byRun = await fetch(`${url}/api/files/firmwares/${build.uuid}/attestation?run=${run}`);
      expect(JSON.parse((await byRun.json()).payload).sha256).toBe(files[run].sha256);
    }
    expect((await fetch(`${url}/api/files/attestations/${'0'.repeat(64)}`)).status).toBe(404);
    expect((await fetch(`${url}/api/files/firmwares/${build.uuid}/attestation?run=0`)).status).toBe(422);
  });

  it("downloads run 1's file still, naming the run; the history offers each run's file", async () => {
    expect(served).toEqual({ 1: '1', 2: '2' });
    const old = await download(1);
    expect(old.res.status).toBe(200);
    expect(old.res.headers.get('x-build-run')).toBe('1');
    expect(sha256(old.bytes)).toBe(files[1].sha256);
    const runs = await api(w, 'GET', `/client/firmware/firmwares/${build.id}/runs`, w.partner.token);
    expect(
      runs.json().map((r: { run: number; download_path: string; attestation_path: string }) => r),
    ).toEqual([
      expect.objectContaining({
        run: 2,
        download_path: `/api/files/firmwares/${build.uuid}?run=2`,
        attestation_path: `/api/files/firmwares/${build.uuid}/attestation?run=2`,
      }),
      expect.objectContaining({ run: 1, download_path: `/api/files/firmwares/${build.uuid}?run=1` }),
    ]);
  });

  it('an old run past the retention ends: no download, no attestation, and its file is swept', async () => {
    // Run 1 ends for good, and the setting is the whole console's: on a console of its own, two runs of its own.
    const { w, url, build, files, close } = await twoRuns();
    try {
      expect(
        (await api(w, 'PUT', '/admin/settings/run-retention', w.partner.token, { days: 0 })).statusCode,
      ).toBe(403);
      const bad = await api(w, 'PUT', '/admin/settings/run-retention', w.admin.token, { days: -1 });
      expect(bad.statusCode).toBe(422);
      expect((await api(w, 'GET', '/admin/settings/run-retention', w.admin.token)).json()).toEqual({
        days: 90,
      });
      const set = await api(w, 'PUT', '/admin/settings/run-retention', w.admin.token, { days: 0 });
      expect(set.statusCode, set.body).toBe(200);

      expect((await download(1, { url, build })).res.status).toBe(404);
      expect((await fetch(`${url}/api/files/attestations/${files[1].sha256}`)).status).toBe(404);
      const runs = await api(w, 'GET', `/client/firmware/firmwares/${build.id}/runs`, w.partner.token);
      expect(runs.json()[1]).toMatchObject({ run: 1, download_path: null, attestation_path: null });
      expect(await sweepOrphanArtifacts(w.t.db, w.t.app.artifacts, 0)).toEqual([files[1].sha256]);
      expect(await w.t.app.artifacts.hasBlob(files[2].sha256)).toBe(true);
      expect((await verify('--server', url, files[2].path)).code).toBe(0);
    } finally {
      await close();
    }
  }, 180_000);
});

describe('verify messages (issue 37 §3)', () => {
  it('a one-byte-flipped archive reads "damaged or altered"', async () => {
    const bytes = await readFile(files[2].path);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    const flipped = path.join(tmp, 'flipped.tar.gz');
    await writeFile(flipped, bytes);
    const result = await verify('--server', url, flipped);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('damaged or altered');
  });

  it('a server that is not the console: one line and exit 2, no stack trace', async () => {
    const other: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>hello</html>');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const port = (other.address() as { port: number }).port;
    try {
      const result = await verify('--server', `http://127.0.0.1:${port}`, files[2].path);
      expect(result.code).toBe(2);
      expect(result.stderr.split('\n')).toHaveLength(1);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.stderr).toContain('is not a firmware console');
    } finally {
      other.close();
    }
  });
});
