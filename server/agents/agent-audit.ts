import type { AuditEntry } from '../audit/audit-log';
import type { AgentRow } from './agents-repository';

/**
 * The audit rows of an agent's update: blocking or unblocking, and a rename or a new token (`agent.update`;
 * a token shows as its first characters, as the agents list shows it).
 */
export function agentUpdateAudits(actorId: number, was: AgentRow, now: AgentRow, newToken: boolean) {
  const entry = (action: AuditEntry['action'], before: object, after: object): AuditEntry => ({
    actorId,
    action,
    objectType: 'agent',
    objectId: now.id,
    before,
    after,
  });
  const entries: AuditEntry[] = [];
  if (was.is_blocked !== now.is_blocked) {
    const action = now.is_blocked ? 'agent.block' : 'agent.unblock';
    entries.push(entry(action, { is_blocked: was.is_blocked }, { is_blocked: now.is_blocked }));
  }
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  if (was.name !== now.name) {
    before.name = was.name;
    after.name = now.name;
  }
  if (newToken) {
    before.token = `${was.token_prefix}…`;
    after.token = `${now.token_prefix}…`;
  }
  if (Object.keys(after).length > 0) entries.push(entry('agent.update', before, after));
  return entries;
}
