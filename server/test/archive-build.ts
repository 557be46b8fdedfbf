// A finished build whose artifact is a real firmware archive (manifest and one file), through the agent's own
// routes: claimed, uploaded, finished done. The backup and the attest-existing tests both start from one.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { packTar } from '../../agent/tar';
import { type AgentWorld, agentCall, type Claimed, queueAndClaim } from './agent-fixtures';
import type { BuildWorld } from './build-fixtures';

export async function finishWithArchive(
  w: AgentWorld,
  agentToken: string,
): Promise<{ job: Claimed; bytes: Buffer; sha256: string }> {
  return finishJobWithArchive(w, agentToken, await queueAndClaim(w, agentToken));
}

/** Finishes a job `agentToken`'s agent has claimed with a real archive, uploaded through the agent's routes. */
export async function finishJobWithArchive(
  w: BuildWorld,
  agentToken: string,
  job: Claimed,
): Promise<{ job: Claimed; bytes: Buffer; sha256: string }> {
  const firmware = Buffer.from(`firmware of ${job.uuid}`);
  const manifest = {
    uuid: job.uuid,
    files: [
      {
        path: 'firmware.bin',
        size: firmware.length,
        sha256: createHash('sha256').update(firmware).digest('hex'),
      },
    ],
  };
  const entry = (name: string, data: Buffer) => ({
    path: `${job.uuid}/${name}`,
    type: 'file' as const,
    mode: 0o644,
    mtime: 1_700_000_000,
    data,
  });
  const bytes = gzipSync(
    await packTar([
      entry('manifest.json', Buffer.from(JSON.stringify(manifest))),
      entry('firmware.bin', firmware),
    ]),
  );
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const up = await agentCall(w, agentToken, 'PUT', `/jobs/${job.id}/artifact`, bytes as never, {
    'content-type': 'application/octet-stream',
    'x-sha256': sha256,
  });
  expect(up.statusCode, up.body).toBe(200);
  const fin = await agentCall(w, agentToken, 'POST', `/jobs/${job.id}/finish`, {
    status: 'done',
    sha256,
    size: bytes.length,
  });
  expect(fin.json()).toEqual({ status: 'done' });
  return { job, bytes, sha256 };
}
