import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { PAGE_SIZE } from '../../contract/constants';
import type { AuditEntryView, AuditQuery } from '../../contract/schemas/audit-schemas';
import type { Db } from '../platform/db/client';
import { auditLog } from '../platform/db/schema';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The actor: a number is an account id, anything else a part of the e-mail the row kept. */
function actorCondition(actor: string | undefined): SQL | undefined {
  const term = actor?.trim();
  if (!term) return undefined;
  if (/^\d{1,9}$/.test(term)) return eq(auditLog.actor_id, Number(term));
  return ilike(auditLog.actor_email, `%${escapeLike(term)}%`);
}

function conditions(query: Omit<AuditQuery, 'page'>): SQL | undefined {
  const objectId = query.object_id?.trim();
  return and(
    actorCondition(query.actor),
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.object_type ? eq(auditLog.object_type, query.object_type) : undefined,
    objectId ? eq(auditLog.object_id, objectId) : undefined,
  );
}

/** One page of the audit log, newest first, and the total that match. */
export async function listAudit(
  db: Db,
  query: AuditQuery,
): Promise<{ rows: AuditEntryView[]; total: number }> {
  const where = conditions(query);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(PAGE_SIZE)
      .offset(query.page * PAGE_SIZE),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      at: row.at.toISOString(),
      before: (row.before ?? null) as AuditEntryView['before'],
      after: (row.after ?? null) as AuditEntryView['after'],
    })),
    total: totals?.total ?? 0,
  };
}
