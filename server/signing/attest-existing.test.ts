// Issue 43 §4.2: builds finished before attestations existed get one from `npm run admin -- --attest-existing`,
// marked as made at upgrade time, and `npm run verify` says so; a file that no longer matches its recorded
// digest is left without one.
import { createHash } from 'node:crypto';
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttestationPayload } from '../../contract/rules/attestation';
import { runVerify } from '../../scripts/verify-archive';
import { blobName } from '../builds/artifacts/artifact-store';
import { auditLog, buildAttestations } from '../platform/db/schema';
import { type AgentWorld, addAgent, type Claimed, createAgentWorld } from '../test/agent-fixtures';
import { finishWithArchive } from '../test/archive-build';
import { attestExisting } from './attest-existing';

let w: AgentWorld;
let agent: { id: number; token: string };
let tmp: string;

beforeAll(async () => {
  w = await createAgentWorld();
  agent = await addAgent(w, 'old-agent');
  tmp = await mkdtemp(path.join(tmpdir(), 'attest-existing-'));
});

afterAll(async () => {
  await w.close();
  await rm(tmp, { recursive: true, force: true });
});

/** A build finished before issue 16: done, its artifact stored and its digest recorded, no attestation. */
async function oldBuild(): Promise<{ job: Claimed; file: string; bytes: Buffer }> {
  const { job, bytes } = await finishWithArchive(w, agent.token);
  // As before issue 16: no attestation.
  await w.t.db.delete(buildAttestations).where(eq(buildAttestations.build_id, job.id));
  const file = path.join(tmp, `${job.uuid}.tar.gz`);
  await writeFile(file, bytes);
  return { job, file, bytes };
}

const attestationOf = (uuid: string) => w.t.app.inject({ url: `/api/files/firmwares/${uuid}/attestation` });

describe('npm run admin -- --attest-existing', () => {
  it('attests the builds older than attestations, as made at upgrade, and the verifier says so', async () => {
    const old = await oldBuild();
    const altered = await oldBuild();
    // The stored file of the second one no longer has the recorded digest.
    await appendFile(
      path.join(w.dataDir, blobName(createHash('sha256').update(altered.bytes).digest('hex'))),
      'x',
    );
    expect((await attestationOf(old.job.uuid)).statusCode).toBe(404);

    const now = new Date('2026-11-28T01:30:00Z');
    const result = await attestExisting(w.t.db, { dataDir: w.dataDir, now });
    expect(result.attested).toEqual([old.job.uuid]);
    expect(result.skipped).toEqual([
      { uuid: altered.job.uuid, reason: 'its file differs from the recorded sha256 or size' },
    ]);

    const res = await attestationOf(old.job.uuid);
    expect(res.statusCode).toBe(200);
    const attestation = res.json();
    const payload = JSON.parse(attestation.payload) as AttestationPayload;
    expect(payload).toMatchObject({
      uuid: old.job.uuid,
      attested_by: 'upgrade',
      signed_at: now.toISOString(),
      built_at: expect.any(String),
    });
    expect((await attestationOf(altered.job.uuid)).statusCode).toBe(404);

    // `npm run verify` offline, with the public key and the attestation saved.
    const key = (await w.t.app.inject({ url: '/api/signing-key' })).json();
    const keyFile = path.join(tmp, 'key.pem');
    const attestationFile = path.join(tmp, 'attestation.json');
    await writeFile(keyFile, key.public_key);
    await writeFile(attestationFile, JSON.stringify(attestation));
    const out: string[] = [];
    const err: string[] = [];
    const code = await runVerify(['--key', keyFile, '--attestation', attestationFile, old.file], {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out[0]).toMatch(
      /^VALID .*; attested at upgrade on 2026-11-28, not at build time \(built \d{4}-\d\d-\d\d\)$/,
    );

    const audit = await w.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'build.attest'), eq(auditLog.object_id, String(old.job.id))));
    expect(audit).toHaveLength(1);

    // A second run finds nothing left to attest: the altered file is still refused.
    const again = await attestExisting(w.t.db, { dataDir: w.dataDir, now });
    expect(again.attested).toEqual([]);
    expect(again.skipped.map((s) => s.uuid)).toEqual([altered.job.uuid]);
  });
});
