import { sql } from 'drizzle-orm';
import type { AuditAction, AuditObjectType } from '../../contract/audit';
import type { Db } from '../platform/db/client';
import { auditLog } from '../platform/db/schema';

export interface AuditEntry {
  /** The account that made the change; null for the operator's shell (npm run admin) or the server itself. */
  actorId: number | null;
  action: AuditAction;
  objectType: AuditObjectType;
  objectId: string | number;
  /** The object's changed fields as they were, and as they are now (null when created or deleted). */
  before?: unknown;
  after?: unknown;
}

/**
 * Records one change in the audit log. Call it with the transaction that makes the change, so the row and the
 * change commit or roll back together. The actor's e-mail is copied from the account in the same statement.
 */
export async function recordAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actor_id: entry.actorId,
    actor_email:
      entry.actorId === null
        ? ''
        : sql`coalesce((select email from accounts where id = ${entry.actorId}), '')`,
    action: entry.action,
    object_type: entry.objectType,
    object_id: String(entry.objectId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** Only the fields whose values differ, from each side: what an update's audit row shows. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  return { before: was, after: now };
}
