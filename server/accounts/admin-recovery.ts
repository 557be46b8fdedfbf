import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import type { Db } from '../platform/db/client';
import { accounts } from '../platform/db/schema';
import { passwordIssue } from './account-rules';
import { endSessions, findAccountByEmail, insertAccount, normaliseEmail } from './accounts-repository';
import { generatePassword, hashPassword } from './passwords';

export interface RecoveredAdmin {
  email: string;
  password: string;
  /** True when no account had the e-mail and one was created. */
  created: boolean;
}

/**
 * The operator's way back in (`npm run admin -- --email E`): the account with that e-mail (removed, blocked or
 * demoted alike) becomes an active admin with a new password and every old session ended; without such an
 * account, an admin is created. Runs from the shell against the database, so it needs no console session.
 * Audited as `partner.recover` with no actor, as the shell's changes are (issue 43): the admins see who was
 * given the keys, and when, though no signed-in account did it. The password is never recorded.
 */
export async function recoverAdmin(db: Db, email: string, password?: string): Promise<RecoveredAdmin> {
  const plain = password ?? generatePassword();
  const issue = passwordIssue(plain);
  if (issue) throw new Error(`--password: ${issue}`);
  const password_hash = await hashPassword(plain);
  const existing = await findAccountByEmail(db, email);
  if (!existing) {
    return db.transaction(async (tx) => {
      const row = await insertAccount(tx, { email, password_hash, worker: 'admin', is_admin: true });
      await recordAudit(tx, {
        actorId: null,
        action: 'partner.recover',
        objectType: 'partner',
        objectId: row.id,
        after: { email: row.email, is_admin: true, password: 'changed' },
      });
      return { email: row.email, password: plain, created: true };
    });
  }
  await db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({ is_admin: true, is_blocked: false, is_removed: false, password_hash })
      .where(eq(accounts.id, existing.id));
    await endSessions(tx, existing.id);
    await recordAudit(tx, {
      actorId: null,
      action: 'partner.recover',
      objectType: 'partner',
      objectId: existing.id,
      before: {
        password: null,
        email: existing.email,
        is_admin: existing.is_admin,
        is_blocked: existing.is_blocked,
        is_removed: existing.is_removed,
      },
      after: {
        email: existing.email,
        is_admin: true,
        is_blocked: false,
        is_removed: false,
        password: 'changed',
      },
    });
  });
  return { email: normaliseEmail(email), password: plain, created: false };
}
