// The secret that signs access tokens (issue 43 §2.3): JWT_SECRET, or one generated once into `settings`.
// Behind a balancer every instance must sign with the same one, or each signs the others' users out: the
// database keeps a fingerprint of the secret in use, never the secret itself (unless it generated it), and an
// instance whose secret differs refuses to start.
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import type { Db } from '../platform/db/client';
import { settings } from '../platform/db/schema';
import { getOrCreateSetting, getSetting, putSetting } from '../platform/db/settings-repository';
import { StartRefusal } from '../start-refusal';

/** The generated secret, when JWT_SECRET was unset on the first instance. */
export const JWT_SECRET_SETTING = 'jwt_secret';
/** The fingerprint of the secret every instance must sign with. */
export const JWT_FINGERPRINT_SETTING = 'jwt_secret_fingerprint';
// A fixed label keyed by the secret: the fingerprint tells secrets apart and reveals nothing of them.
const FINGERPRINT_LABEL = 'firmware-console/jwt-secret-fingerprint/v1';

const generate = () => randomBytes(48).toString('base64url');

/** HMAC-SHA256 of a fixed label keyed by the secret, 16 hex digits: safe to store, log and compare. */
export function jwtSecretFingerprint(secret: string): string {
  return createHmac('sha256', secret).update(FINGERPRINT_LABEL).digest('hex').slice(0, 16);
}

function refusal(configured: string | undefined, known: string): StartRefusal {
  const fix =
    'Set the same JWT_SECRET on every instance (or leave it unset on all of them), or, to change the secret ' +
    'on purpose, run `npm run admin -- --rotate-jwt-secret` with the new JWT_SECRET and restart every instance.';
  return new StartRefusal(
    configured === undefined
      ? `JWT_SECRET is not set on this instance, but the database's instances sign tokens with a JWT_SECRET ` +
          `(fingerprint ${known}); starting would sign every user out on the others. ${fix}`
      : `JWT_SECRET (fingerprint ${jwtSecretFingerprint(configured)}) differs from the one the database's ` +
          `instances sign tokens with (fingerprint ${known}); starting would sign every user out on the ` +
          `others. ${fix}`,
  );
}

/**
 * The secret this instance signs with: JWT_SECRET when set, else the one kept in `settings`, generated on the
 * very first start (so `npm start` needs no setting). The first instance to start records its fingerprint;
 * every later one must match it. Throws StartRefusal when it does not: an instance left without JWT_SECRET
 * while the others have one is refused rather than given a secret of its own.
 */
export async function resolveJwtSecret(db: Db, configured?: string): Promise<string> {
  const known = await getSetting(db, JWT_FINGERPRINT_SETTING);
  if (known === undefined) {
    // The first start (or the first since the fingerprint was introduced): this instance's secret is the one.
    const secret = configured ?? (await getOrCreateSetting(db, JWT_SECRET_SETTING, generate));
    const winner = await getOrCreateSetting(db, JWT_FINGERPRINT_SETTING, () => jwtSecretFingerprint(secret));
    if (winner !== jwtSecretFingerprint(secret)) throw refusal(configured, winner);
    return secret;
  }
  const secret = configured ?? (await getSetting(db, JWT_SECRET_SETTING));
  if (secret === undefined || jwtSecretFingerprint(secret) !== known) throw refusal(configured, known);
  return secret;
}

/**
 * `npm run admin -- --rotate-jwt-secret`: JWT_SECRET (when set) or a newly generated secret becomes the one
 * every instance must sign with; a generated secret kept before is dropped. Every session ends once the
 * instances restart with it. Audited with no actor, as the shell's changes are.
 */
export async function rotateJwtSecret(
  db: Db,
  configured?: string,
): Promise<{ was?: string; now: string; generated: boolean }> {
  return db.transaction(async (tx) => {
    const was = await getSetting(tx, JWT_FINGERPRINT_SETTING);
    const secret = configured ?? generate();
    if (configured === undefined) await putSetting(tx, JWT_SECRET_SETTING, secret);
    else await tx.delete(settings).where(eq(settings.key, JWT_SECRET_SETTING));
    const now = jwtSecretFingerprint(secret);
    await putSetting(tx, JWT_FINGERPRINT_SETTING, now);
    await recordAudit(tx, {
      actorId: null,
      action: 'jwt_secret.rotate',
      objectType: 'jwt_secret',
      objectId: now,
      before: { fingerprint: was ?? null },
      after: { fingerprint: now },
    });
    return { was, now, generated: configured === undefined };
  });
}
