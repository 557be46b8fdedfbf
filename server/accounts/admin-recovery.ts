import { eq } from 'drizzle-orm';
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
 */
export async function recoverAdmin(db: Db, email: string, password?: string): Promise<RecoveredAdmin> {
  const plain = password ?? generatePassword();
  const issue = passwordIssue(plain);
  if (issue) throw new Error(`--password: ${issue}`);
  const password_hash = await hashPassword(plain);
  const existing = await findAccountByEmail(db, email);
  if (!existing) {
    const row = await insertAccount(db, { email, password_hash, worker: 'admin', is_admin: true });
    return { email: row.email, password: plain, created: true };
  }
  await db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({ is_admin: true, is_blocked: false, is_removed: false, password_hash })
      .where(eq(accounts.id, existing.id));
    await endSessions(tx, existing.id);
  });
  return { email: normaliseEmail(email), password: plain, created: false };
}
