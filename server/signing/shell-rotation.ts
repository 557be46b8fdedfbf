import { recordAudit } from '../audit/audit-log';
import type { Db } from '../platform/db/client';
import { KeyStore } from './key-store';

/**
 * `npm run admin -- --rotate-signing-key`: what POST /api/admin/signing-key/rotate does, for an operator at
 * the shell (issue 36: one who fears the key leaked with the database's files, and whose console is stopped).
 * Audited with no actor, as the shell's changes are. Throws RotationRefusedError when SIGNING_KEY is set
 * (`configured`): that key is replaced where it is kept.
 */
export async function rotateSigningKeyFromShell(
  db: Db,
  configured?: string,
): Promise<{ was: string; now: string }> {
  let was = '';
  const next = await new KeyStore(db, configured).rotate(async (tx, from, to) => {
    was = from;
    await recordAudit(tx, {
      actorId: null,
      action: 'signing_key.rotate',
      objectType: 'signing_key',
      objectId: to,
      before: { key_id: from },
      after: { key_id: to },
    });
  });
  return { was, now: next.keyId };
}
