// Issue 43 §4.2: builds finished before attestations existed (issue 16) had none, so /verify and
// `npm run verify` could never confirm them. `npm run admin -- --attest-existing` signs each such artifact whose
// sha256 the database holds, after reading the stored file and finding that very digest and size. Such an
// attestation says so (`attested_by: "upgrade"`, `signed_at` the upgrade's time, `built_at` the build's): it
// vouches that the file is the one the console held when it was upgraded, not what it saw at build time.
import { createHash } from 'node:crypto';
import { and, eq, isNotNull, notExists, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import { createArtifactStore } from '../builds/artifacts/artifact-store';
import type { JobSpec } from '../builds/input/job-spec';
import type { Db } from '../platform/db/client';
import { buildAttestations, buildRuns, builds } from '../platform/db/schema';
import type { S3Options } from '../platform/storage/s3-storage';
import { createStorage } from '../platform/storage/storage-config';
import { attestationPayload, signPayload } from './attestation';
import { KeyStore } from './key-store';
import { putAttestation } from './signing-repository';

export interface AttestExistingResult {
  /** The uuids attested now. */
  attested: string[];
  /** Builds left unattested, with why (file missing, or its bytes differ from the recorded digest). */
  skipped: { uuid: string; reason: string }[];
}

async function digestOf(stream: NodeJS.ReadableStream): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** Every done, downloadable build with a recorded sha256 and no attestation: attested, or said why not. */
export async function attestExisting(
  db: Db,
  options: { dataDir: string; s3?: S3Options; signingKey?: string; now?: Date },
): Promise<AttestExistingResult> {
  const store = createArtifactStore(createStorage(options));
  const keys = new KeyStore(db, options.signingKey);
  const key = await keys.current();
  const signedAt = options.now ?? new Date();
  const rows = await db
    .select({ build: builds, agent: buildRuns.agent_name, commits: buildRuns.commits })
    .from(builds)
    .leftJoin(buildRuns, and(eq(buildRuns.build_id, builds.id), eq(buildRuns.run, builds.run)))
    .where(
      and(
        eq(builds.status, 'done'),
        eq(builds.is_removed, false),
        isNotNull(builds.sha256),
        notExists(
          db
            .select({ one: sql`1` })
            .from(buildAttestations)
            .where(and(eq(buildAttestations.build_id, builds.id), eq(buildAttestations.run, builds.run))),
        ),
      ),
    )
    .orderBy(builds.id);
  const result: AttestExistingResult = { attested: [], skipped: [] };
  for (const { build, agent, commits } of rows) {
    const recorded = build.sha256 ?? '';
    const size = await store.size(build);
    if (size === undefined) {
      result.skipped.push({ uuid: build.uuid, reason: 'its file is missing' });
      continue;
    }
    const found = await digestOf(await store.open(build));
    if (found.sha256 !== recorded || (build.file_size !== null && found.size !== build.file_size)) {
      result.skipped.push({ uuid: build.uuid, reason: 'its file differs from the recorded sha256 or size' });
      continue;
    }
    // The tags' commits recorded for the run, if any; never resolved now (a tag may have moved since).
    const known = new Map<string, string>();
    for (const tag of commits ?? []) if (tag.commit) known.set(`${tag.repository}/${tag.tag}`, tag.commit);
    const payload = {
      ...attestationPayload(
        {
          build,
          spec: build.job_spec as unknown as JobSpec,
          artifact: found,
          agent: agent ?? 'unknown',
          commits: known,
          signedAt,
        },
        key.keyId,
      ),
      attested_by: 'upgrade' as const,
      built_at: (build.finished_at ?? build.updated_at).toISOString(),
    };
    const signed = signPayload(payload, key);
    await db.transaction(async (tx) => {
      await putAttestation(tx, build.id, build.run, { sha256: found.sha256, ...signed });
      await recordAudit(tx, {
        actorId: null,
        action: 'build.attest',
        objectType: 'build',
        objectId: build.id,
        after: { uuid: build.uuid, sha256: found.sha256, key_id: key.keyId, attested_by: 'upgrade' },
      });
    });
    result.attested.push(build.uuid);
  }
  return result;
}
