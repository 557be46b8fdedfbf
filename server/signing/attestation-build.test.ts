// A real build by the embedded agent on a real HTTP server: its attestation, the public key, the manifest's
// configuration hash, and `npm run verify` on the real archive and on tampered copies: its check in-process
// (scripts/verify-archive.ts), the command line itself (scripts/verify.ts, through tsx) once.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGunzip, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { packEntries, readTar, type TarEntry } from '../../agent/tar';
import type { AttestationPayload } from '../../contract/rules/attestation';
import { runVerify } from '../../scripts/verify-archive';
import type { EmbeddedAgent } from '../agents/embedded-agent';
import { signingKeys } from '../platform/db/schema';
import { getSetting, putSetting } from '../platform/db/settings-repository';
import {
  type AgentWorld,
  createAgentWorld,
  queueBuild,
  startWorldAgent,
  taskOf,
} from '../test/agent-fixtures';
import { api } from '../test/build-fixtures';
import { verifyAttestation } from './attestation';
import { SIGNING_KEY_SETTING } from './key-store';

const root = path.resolve(import.meta.dirname, '../..');
let w: AgentWorld;
let url: string;
let agent: EmbeddedAgent;
let tmp: string;
let uuid: string;
let archive: string;

async function waitDone(id: number) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const task = await taskOf(w, id);
    if (task?.status === 'done' || task?.status === 'failed') return task;
    if (Date.now() > deadline) throw new Error(`build ${id} did not finish`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

type Verdict = { code: number; stdout: string; stderr: string };

/** `npm run verify` as a process: what its users run, exit code and output included. */
function verifyCli(...args: string[]): Promise<Verdict> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/verify.ts', ...args],
      { cwd: root },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The same check in-process: starting tsx costs seconds per call on a loaded machine (issue 40). */
async function verify(...args: string[]): Promise<Verdict> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runVerify(args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  const text = (lines: string[]) => lines.map((l) => `${l}\n`).join('');
  return { code, stdout: text(out), stderr: text(err) };
}

async function entriesOf(file: string): Promise<TarEntry[]> {
  const out: TarEntry[] = [];
  for await (const entry of readTar(createReadStream(file).pipe(createGunzip()))) out.push(entry);
  return out;
}

async function repack(entries: TarEntry[], file: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of packEntries(entries)) chunks.push(chunk);
  await writeFile(file, gzipSync(Buffer.concat(chunks)));
}

beforeAll(async () => {
  w = await createAgentWorld({ claimWaitMs: 2_000 });
  url = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  agent = await startWorldAgent(w, {}, url);
  tmp = await mkdtemp(path.join(tmpdir(), 'verify-cli-'));
  const build = await queueBuild(w);
  expect(await waitDone(build.id)).toMatchObject({ status: 'done' });
  uuid = build.uuid;
  archive = path.join(tmp, `${uuid}.tar.gz`);
  const download = await fetch(`${url}/api/files/firmwares/${uuid}`);
  expect(download.status).toBe(200);
  await writeFile(archive, Buffer.from(await download.arrayBuffer()));
}, 120_000);

afterAll(async () => {
  await agent?.stop();
  await w.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('signed attestations of real builds (issue 16)', () => {
  it('GET /api/signing-key is public and names the Ed25519 key that signs', async () => {
    const res = await fetch(`${url}/api/signing-key`);
    expect(res.status).toBe(200);
    const key = await res.json();
    expect(key).toMatchObject({ algorithm: 'Ed25519', key_id: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(key.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(key.keys).toEqual([expect.objectContaining({ key_id: key.key_id, public_key: key.public_key })]);
  });

  it('a finished build has a public attestation of its archive, signed by that key', async () => {
    const res = await fetch(`${url}/api/files/firmwares/${uuid}/attestation`);
    expect(res.status).toBe(200);
    const attestation = await res.json();
    const key = await (await fetch(`${url}/api/signing-key`)).json();
    expect(attestation.key_id).toBe(key.key_id);
    expect(verifyAttestation(attestation, key.public_key)).toBe(true);

    const payload = JSON.parse(attestation.payload) as AttestationPayload;
    const bytes = await readFile(archive);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(payload).toMatchObject({
      type: 'firmware-console/build-attestation/v1',
      uuid,
      sha256,
      size: bytes.length,
      model: expect.any(String),
      platform: expect.any(String),
      install_type: expect.any(String),
      agent: 'embedded',
      release: { series: 'x19', version: expect.any(String) },
    });
    expect(Date.parse(payload.signed_at)).not.toBeNaN();
    // The demo repositories are local: the server knows each tag's commit.
    expect(payload.release.tags.length).toBeGreaterThan(0);
    for (const tag of payload.release.tags) expect(tag.commit).toMatch(/^[0-9a-f]{40}$/);
    // The set's name is not in what strangers read.
    expect(attestation.payload).not.toContain(w.set.name);

    // The manifest in the archive carries the same configuration hash.
    const manifest = (await entriesOf(archive)).find((e) => e.path === `${uuid}/manifest.json`);
    expect(JSON.parse(manifest?.data.toString() ?? '{}').config_hash).toBe(payload.config_hash);

    // One altered byte of the payload and the signature no longer holds.
    const altered = {
      ...attestation,
      payload: attestation.payload.replace(payload.model, `${payload.model}X`),
    };
    expect(verifyAttestation(altered, key.public_key)).toBe(false);
  });

  it('answers 404 for an unknown or malformed uuid', async () => {
    expect(
      (await fetch(`${url}/api/files/firmwares/00000000-0000-4000-8000-000000000000/attestation`)).status,
    ).toBe(404);
    expect((await fetch(`${url}/api/files/firmwares/nope/attestation`)).status).toBe(404);
  });

  it('npm run verify: exit 0 and one line for the downloaded archive', async () => {
    const [result, usage] = await Promise.all([verifyCli('--server', url, archive), verifyCli(archive)]);
    expect([usage.code, usage.stdout]).toEqual([2, '']);
    expect(usage.stderr).toContain('--server, or --key and --attestation to check offline');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    expect(result.stdout).toMatch(new RegExp(`^VALID .*build ${uuid}, .*signed .* by key [0-9a-f]{16}`));
  });

  it('npm run verify: non-zero and the reason for a changed archive, file, or attestation', async () => {
    const appended = path.join(tmp, 'appended.tar.gz');
    await writeFile(appended, Buffer.concat([await readFile(archive), Buffer.from([0])]));
    const a = await verify('--server', url, appended);
    expect(a.code).toBe(1);
    expect(a.stderr).toContain("the archive's sha256 or size differs from the attested one");

    const entries = await entriesOf(archive);
    // The file that holds the settings: the firmware's configuration, or the image with it inside.
    const settings = entries.find((e) =>
      /\/(?:config\/pools\.json|rootfs\/etc\/miner\.conf|[^/]+\.img)$/.test(e.path),
    );
    if (!settings) throw new Error('no settings file in the archive');
    settings.data = Buffer.from(settings.data);
    settings.data[settings.data.length - 1] ^= 1;
    const settingsPath = settings.path.slice(uuid.length + 1);
    const changed = path.join(tmp, 'changed.tar.gz');
    await repack(entries, changed);
    const b = await verify('--server', url, changed);
    expect(b.code).toBe(1);
    expect(b.stderr).toContain(`a file differs from its hash in the manifest: ${settingsPath}`);

    // Offline: the key and the attestation saved beforehand.
    const keyFile = path.join(tmp, 'key.pem');
    const attestationFile = path.join(tmp, 'attestation.json');
    await writeFile(keyFile, (await (await fetch(`${url}/api/signing-key`)).json()).public_key);
    const attestation = await (await fetch(`${url}/api/files/firmwares/${uuid}/attestation`)).json();
    await writeFile(attestationFile, JSON.stringify(attestation));
    const offline = await verify('--key', keyFile, '--attestation', attestationFile, archive);
    expect(offline.code, offline.stderr).toBe(0);

    const payload = JSON.parse(attestation.payload);
    const forged = { ...attestation, payload: JSON.stringify({ ...payload, size: payload.size + 1 }) };
    await writeFile(attestationFile, JSON.stringify(forged));
    const c = await verify('--key', keyFile, '--attestation', attestationFile, archive);
    expect(c.code).toBe(1);
    expect(c.stderr).toContain('the attestation was altered');

    const notArchive = path.join(tmp, 'notes.txt');
    await writeFile(notArchive, 'hello');
    expect((await verify('--server', url, notArchive)).code).toBe(1);
    expect((await verify(archive)).code).toBe(2);
  });

  it('after a rotation new builds are signed by the new key and the old archive still verifies', async () => {
    expect((await api(w, 'POST', '/admin/signing-key/rotate', w.partner.token)).statusCode).toBe(403);
    const before = await (await fetch(`${url}/api/signing-key`)).json();
    const beforePem = await getSetting(w.t.db, SIGNING_KEY_SETTING);
    const rotated = await api(w, 'POST', '/admin/signing-key/rotate', w.admin.token);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const after = rotated.json();
    // The other tests check the archive against the one key it was signed with, whatever runs first.
    onTestFinished(async () => {
      if (beforePem) await putSetting(w.t.db, SIGNING_KEY_SETTING, beforePem);
      await w.t.db.delete(signingKeys).where(eq(signingKeys.key_id, after.key_id));
    });
    expect(after.key_id).not.toBe(before.key_id);
    expect(after.keys.map((k: { key_id: string }) => k.key_id)).toEqual([before.key_id, after.key_id]);

    const old = await verify('--server', url, archive);
    expect(old.code, old.stderr).toBe(0);

    const build = await queueBuild(w);
    expect(await waitDone(build.id)).toMatchObject({ status: 'done' });
    const attestation = await (await fetch(`${url}/api/files/firmwares/${build.uuid}/attestation`)).json();
    expect(attestation.key_id).toBe(after.key_id);
    expect(verifyAttestation(attestation, after.public_key)).toBe(true);
  });

  it("a removed build's attestation is no longer served, as its download", async () => {
    // Its own build: the other tests read the first one's attestation and download.
    const { id: buildId, uuid } = await queueBuild(w);
    expect(await waitDone(buildId)).toMatchObject({ status: 'done' });
    const before = await fetch(`${url}/api/files/firmwares/${uuid}/attestation`);
    expect(before.status).toBe(200);
    const removed = await api(w, 'DELETE', `/client/firmware/firmwares/${buildId}`, w.partner.token);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const gone = await w.t.app.inject({ url: `/api/files/firmwares/${uuid}/attestation` });
    const download = await w.t.app.inject({ url: `/api/files/firmwares/${uuid}` });
    expect([gone.statusCode, download.statusCode]).toEqual([404, 404]);
  }, 120_000);
});
