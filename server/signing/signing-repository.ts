import { asc, sql } from 'drizzle-orm';
import { keptRun, rowsOf } from '../builds/runs/kept-runs';
import type { Db } from '../platform/db/client';
import { buildAttestations, signingKeys } from '../platform/db/schema';

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

/** Stores a build run's attestation (issue 37: one per run; the same run attested again replaces its own). */
export async function putAttestation(
  db: Db,
  buildId: number,
  run: number,
  row: AttestationRow,
): Promise<void> {
  await db
    .insert(buildAttestations)
    .values({ build_id: buildId, run, ...row })
    .onConflictDoUpdate({
      target: [buildAttestations.build_id, buildAttestations.run],
      set: { ...row, created_at: new Date() },
    });
}

/**
 * Only the attestation of bytes that can still be downloaded: some kept run (runs/kept-runs.ts) holds that
 * content — its own build's, or a build served from its artifact (issue 16: an identical configuration reuses
 * the file, whose manifest names the first build).
 */
const published = (days: number) =>
  sql`exists (select 1 from build_runs r join builds b on b.id = r.build_id
    where r.sha256 = a.sha256 and ${keptRun(days)})`;

const firstRow = (result: unknown) => {
  const [row] = rowsOf<AttestationRow>(result);
  return row
    ? { sha256: row.sha256, payload: row.payload, signature: row.signature, key_id: row.key_id }
    : undefined;
};

/**
 * The attestation of the build's run `run`, or with no run its latest attested run whose file is kept (issue 37:
 * not "the build's latest", so that a rebuild under way or done leaves the earlier file verifiable).
 */
export async function findPublishedAttestation(
  db: Db,
  uuid: string,
  run: number | undefined,
  days: number,
): Promise<AttestationRow | undefined> {
  return firstRow(
    await db.execute(sql`select a.sha256, a.payload, a.signature, a.key_id
      from build_attestations a join builds owner on owner.id = a.build_id
      where owner.uuid = ${uuid} ${run === undefined ? sql`` : sql`and a.run = ${run}`} and ${published(days)}
      order by a.run desc limit 1`),
  );
}

/** Issue 37: the attestation of a file by its sha256, the newest when several runs made the same bytes. */
export async function findAttestationBySha256(
  db: Db,
  sha256: string,
  days: number,
): Promise<AttestationRow | undefined> {
  return firstRow(
    await db.execute(sql`select a.sha256, a.payload, a.signature, a.key_id
      from build_attestations a where a.sha256 = ${sha256} and ${published(days)}
      order by a.created_at desc limit 1`),
  );
}
