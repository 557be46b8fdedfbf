import type { ReleaseTag } from '../../contract/schemas/release-schemas';
import type { AuditEntry } from '../audit/audit-log';
import type { ReleaseRow, Viewer } from './releases-repository';

type Field = 'parent' | 'version' | 'stage' | 'stage_number' | 'is_draft' | 'is_public';
const AUDITED = ['series', 'version', 'stage', 'stage_number', 'parent', 'is_draft', 'is_public'] as const;

/** A release's own fields as the audit log shows them (a created or removed release). */
export const auditedFields = (row: Partial<Record<(typeof AUDITED)[number], unknown>>) =>
  Object.fromEntries(AUDITED.map((field) => [field, row[field] ?? null]));

/** Publication is the draft flag going off; unpublishing, it coming back on; anything else an update. */
const updateAction = (changed: Partial<Record<Field, unknown>>) =>
  changed.is_draft === false
    ? 'release.publish'
    : changed.is_draft === true
      ? 'release.unpublish'
      : 'release.update';

/**
 * The audit row of an update: the changed fields (and tags) as they were and as they are. A published release
 * is replaced by a new one: the row names the new id, and `id` shows the replacement.
 */
export function updateAudit(
  viewer: Viewer,
  row: ReleaseRow,
  changed: Partial<Record<Field, unknown>>,
  tags: { was: ReleaseTag[]; now?: ReleaseTag[] },
  ids: { was: number; now: number },
  redeploy: boolean,
): AuditEntry {
  const before: Record<string, unknown> = {};
  for (const key of Object.keys(changed)) before[key] = row[key as Field];
  const after: Record<string, unknown> = { ...changed };
  if (tags.now) {
    before.tags = tags.was;
    after.tags = tags.now;
  }
  if (ids.was !== ids.now) {
    before.id = ids.was;
    after.id = ids.now;
  }
  if (redeploy) after.redeploy = true;
  return {
    actorId: viewer.id,
    action: updateAction(changed),
    objectType: 'release',
    objectId: ids.now,
    before,
    after,
  };
}
