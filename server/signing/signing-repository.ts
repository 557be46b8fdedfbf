import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { buildAttestations, builds, signingKeys } from '../platform/db/schema';

export interface PublicKeyRow {
  key_id: string;
  public_key: string;
  created_at: Date;
}

/** Lists a public key (once: several instances may do it at the same time). */
export async function insertPublicKey(db: Db, keyId: string, publicKey: string): Promise<void> {
  await db.insert(signingKeys).values({ key_id: keyId, public_key: publicKey }).onConflictDoNothing();
}

export function listPublicKeys(db: Db): Promise<PublicKeyRow[]> {
  return db
    .select({
      key_id: signingKeys.key_id,
      public_key: signingKeys.public_key,
      created_at: signingKeys.created_at,
    })
    .from(signingKeys)
    .orderBy(asc(signingKeys.created_at), asc(signingKeys.key_id));
}

export interface AttestationRow {
  sha256: string;
  payload: string;
  signature: string;
  key_id: string;
}

/** Stores a build's attestation, replacing the one of an earlier artifact (a rebuild's). */
export async function putAttestation(db: Db, buildId: number, row: AttestationRow): Promise<void> {
  await db
    .insert(buildAttestations)
    .values({ build_id: buildId, ...row })
    .onConflictDoUpdate({ target: buildAttestations.build_id, set: { ...row, created_at: new Date() } });
}

/**
 * The attestation of a build whose bytes can still be downloaded: attested for the very bytes the build row says
 * it holds, and those bytes published by a done, not removed build — itself, or a build served from its
 * artifact (issue 16: an identical configuration reuses the file, whose manifest names the first build).
 */
export async function findPublishedAttestation(db: Db, uuid: string): Promise<AttestationRow | undefined> {
  const [row] = await db
    .select({
      sha256: buildAttestations.sha256,
      payload: buildAttestations.payload,
      signature: buildAttestations.signature,
      key_id: buildAttestations.key_id,
    })
    .from(buildAttestations)
    .innerJoin(builds, eq(builds.id, buildAttestations.build_id))
    .where(
      and(
        eq(builds.uuid, uuid),
        eq(builds.sha256, buildAttestations.sha256),
        sql`exists (select 1 from ${builds} published where published.sha256 = ${buildAttestations.sha256}
          and published.status = 'done' and published.is_removed = false)`,
      ),
    );
  return row;
}
