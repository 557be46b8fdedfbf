// The audit log's rows as the tests read them: straight from the table, newest last.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { auditLog } from '../platform/db/schema';

export async function auditRows(db: Db, action?: string) {
  return db
    .select()
    .from(auditLog)
    .where(action ? eq(auditLog.action, action) : undefined)
    .orderBy(asc(auditLog.id));
}

/** The one row of an action written since `afterId`. */
export async function lastAudit(db: Db, action: string) {
  const rows = await auditRows(db, action);
  return rows.at(-1);
}
