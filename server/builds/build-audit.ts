import type { AuditAction } from '../../contract/audit';
import type { AuditEntry } from '../audit/audit-log';
import type { BuildRow } from './builds-repository';

/**
 * The audit row of a write on a build (issue 36): its owner and set, and the fields the write names as they
 * were and as asked. Never the uuid: it is the build's download key.
 */
export function buildAudit(
  action: Extract<AuditAction, `build.${string}`>,
  build: Pick<BuildRow, 'id' | 'user_id' | 'group_id' | 'name'>,
  changes?: Record<string, unknown>,
): Omit<AuditEntry, 'actorId'> {
  const was = build as unknown as Record<string, unknown>;
  const named = Object.fromEntries(Object.keys(changes ?? {}).map((key) => [key, was[key] ?? null]));
  return {
    action,
    objectType: 'build',
    objectId: build.id,
    before: { user_id: build.user_id, group_id: build.group_id, name: build.name, ...named },
    after: changes ?? null,
  };
}
