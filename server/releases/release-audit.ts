import type { AuditAction } from '../../contract/audit';
import type { ReleaseTag } from '../../contract/schemas/release-schemas';
import { changedFields } from '../audit/audit-log';
import type { ReleaseRow } from './releases-repository';

const FIELDS = ['version', 'stage', 'stage_number', 'parent', 'is_draft', 'is_public'] as const;

/** A release update's audit row: publishing and un-publishing have names of their own. */
export function auditActionOf(row: ReleaseRow, changed: { is_draft?: boolean }): AuditAction {
  if (changed.is_draft === false && row.is_draft) return 'release.publish';
  if (changed.is_draft === true && !row.is_draft) return 'release.unpublish';
  return 'release.update';
}

/** The release's changed fields as they were and as they are (tags too, when they changed). */
export function auditChange(
  row: ReleaseRow,
  merged: Pick<ReleaseRow, (typeof FIELDS)[number]>,
  tags?: { currentTags: ReleaseTag[]; tags: ReleaseTag[] },
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const pick = (from: Pick<ReleaseRow, (typeof FIELDS)[number]>) =>
    Object.fromEntries(FIELDS.map((field) => [field, from[field]]));
  const change = changedFields(pick(row), pick(merged));
  if (tags) {
    change.before.tags = tags.currentTags;
    change.after.tags = tags.tags;
  }
  return change;
}
