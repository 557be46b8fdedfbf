// Issue 16: the attestation the server signs when it accepts a build's artifact (after the sha256 and size
// check of server/builds/artifacts/artifact-upload.ts). Its format is contract/rules/attestation.ts's, documented in the
// README; anyone holding the public key (GET /api/signing-key) can check it with any Ed25519 library.
import { createHash, sign, verify } from 'node:crypto';
import {
  ATTESTATION_TYPE,
  type Attestation,
  type AttestationPayload,
} from '../../contract/rules/attestation';
import type { JobSpec } from '../builds/input/job-spec';
import type { BuildRow } from '../platform/db/schema';
import type { SigningKey } from './key-store';

export const sha256Text = (text: string) => createHash('sha256').update(text).digest('hex');

export interface AttestationFacts {
  build: Pick<
    BuildRow,
    'uuid' | 'model' | 'series' | 'platform' | 'install_type' | 'release_version' | 'stage' | 'config_hash'
  >;
  spec: JobSpec;
  artifact: { sha256: string; size: number };
  agent: string;
  /** The commit each `repository/tag` of the release resolved to, where the server knows it. */
  commits: Map<string, string>;
  signedAt: Date;
}

/**
 * The payload signed for a build. Its `config_hash` is the one the server stored when the build was submitted
 * (contract/config-hash.ts, over the resolved configuration with the tags' commits), which the agent wrote into
 * the archive's manifest from its job spec: both sides say the same hash, computed once.
 */
export function attestationPayload(facts: AttestationFacts, keyId: string): AttestationPayload {
  const { build, spec } = facts;
  return {
    type: ATTESTATION_TYPE,
    key_id: keyId,
    uuid: build.uuid,
    sha256: facts.artifact.sha256,
    size: facts.artifact.size,
    config_hash: spec.config_hash ?? build.config_hash ?? '',
    release: {
      series: spec.release?.series ?? build.series,
      version: spec.release?.version ?? build.release_version,
      stage: spec.release?.stage ?? build.stage,
      tags: (spec.release?.tags ?? []).map((tag) => ({
        repository: tag.repository_name,
        tag: tag.tag_name,
        commit: facts.commits.get(`${tag.repository_name}/${tag.tag_name}`) ?? null,
      })),
    },
    model: build.model,
    series: build.series,
    platform: build.platform,
    install_type: build.install_type,
    agent: facts.agent,
    signed_at: facts.signedAt.toISOString(),
  };
}

/** Signs exactly the bytes of the payload's JSON text (UTF-8). */
export function signPayload(payload: AttestationPayload, key: SigningKey): Attestation {
  const text = JSON.stringify(payload);
  return {
    payload: text,
    signature: sign(null, Buffer.from(text, 'utf8'), key.privateKey).toString('base64'),
    key_id: key.keyId,
  };
}

/** The server's own check (tests, tools): the signature by the SPKI PEM key. */
export function verifyAttestation(attestation: Attestation, publicKeyPem: string): boolean {
  try {
    return verify(
      null,
      Buffer.from(attestation.payload, 'utf8'),
      publicKeyPem,
      Buffer.from(attestation.signature, 'base64'),
    );
  } catch {
    return false;
  }
}
