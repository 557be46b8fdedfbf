import { ADMIN_OR_DEVELOPER, holdsRole, type RoleFlags } from '../../contract/roles';
import type { Db } from '../platform/db/client';
import { type AuditEntry, recordAudit } from './audit-log';

export interface Actor extends RoleFlags {
  id: number;
}

/** Admins and developers: every write of theirs is audited (issue 36); a partner's own writes are not. */
export const isStaff = (actor: Actor) => holdsRole(actor, ADMIN_OR_DEVELOPER);

type Entry = Omit<AuditEntry, 'actorId'>;

/**
 * Runs `write` and, when `actor` is an admin or a developer, records its audit row in the same transaction
 * (issue 36: no write of theirs escapes the log). The services open their transactions themselves; given
 * this one, theirs become savepoints of it, so the row and the change commit or roll back together. A row
 * known beforehand is written first, so that a failure to write it stops the change before it starts (files
 * a full clean deletes included); one naming what the write made (`entry` as a function of the result, e.g. a
 * new id) is written after it. A partner's own writes run as before, with no row.
 */
export function auditedWrite<T>(
  db: Db,
  actor: Actor,
  entry: Entry | ((result: T) => Entry),
  write: (db: Db) => Promise<T>,
): Promise<T> {
  if (!isStaff(actor)) return write(db);
  return db.transaction(async (tx) => {
    if (typeof entry !== 'function') await recordAudit(tx, { ...entry, actorId: actor.id });
    const result = await write(tx);
    if (typeof entry === 'function') await recordAudit(tx, { ...entry(result), actorId: actor.id });
    return result;
  });
}

/** The audit rows of `actor`'s writes on tasks, for a service to record in its own transaction. */
export function staffAudits(actor: Actor, entries: Entry[]): ((tx: Db) => Promise<void>) | undefined {
  if (!isStaff(actor)) return undefined;
  return async (tx) => {
    for (const entry of entries) await recordAudit(tx, { ...entry, actorId: actor.id });
  };
}
