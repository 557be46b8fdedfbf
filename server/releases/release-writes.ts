import type { ReleaseCreate, ReleaseTag, ReleaseUpdate } from '../../contract/schemas/release-schemas';
import { changedFields, recordAudit } from '../audit/audit-log';
import type { Db } from '../platform/db/client';
import { isUniqueViolation } from '../platform/db/db-errors';
import type { NewReleaseRow } from '../platform/db/schema';
import { forbidden, notFound } from '../platform/http/http-errors';
import { invalid } from '../platform/http/validation-errors';
import { queueReleaseWebhooks } from '../webhooks/webhook-events';
import { carryOverReleaseMails, queueReleaseMails } from './mail/release-mail';
import { auditedFields, updateAudit } from './release-audit';
import {
  descriptionsIssues,
  NO_CHANGES,
  parentIssues,
  seriesIssues,
  tagsIssues,
  throwIfAny,
  VERSION_EXISTS,
  versionIssues,
} from './release-validation';
import {
  findReleaseRow,
  followRecreatedRelease,
  insertRelease,
  listReleaseDescriptions,
  listReleaseTags,
  markReleaseRemoved,
  type ReleaseRow,
  replaceReleaseTags,
  updateReleaseRow,
  upsertReleaseDescriptions,
  type Viewer,
} from './releases-repository';

/** A release that is not removed and that the viewer may change: any for an admin, its own for a developer. */
export async function changeableRelease(db: Db, viewer: Viewer, id: number): Promise<ReleaseRow> {
  const row = await findReleaseRow(db, id);
  if (!row || row.is_removed) throw notFound('Release not found');
  if (!viewer.is_admin && row.user_id !== viewer.id) {
    throw forbidden('Only its author or an admin can change this release');
  }
  return row;
}

/** The partial unique index is the last word on duplicate versions, when two saves race. */
async function guardVersion<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'releases_series_stage_version_unique')) {
      throw invalid(['body', 'version'], VERSION_EXISTS);
    }
    throw error;
  }
}

export async function createRelease(db: Db, viewer: Viewer, body: ReleaseCreate): Promise<number> {
  const release = { ...body, is_draft: body.is_draft ?? true, is_public: body.is_public ?? false };
  const seriesProblems = await seriesIssues(db, body.series, viewer);
  const issues = [...seriesProblems, ...(await descriptionsIssues(db, body.descriptions, true))];
  if (seriesProblems.length === 0) {
    issues.push(
      ...(await versionIssues(db, body)),
      ...(await parentIssues(db, body.parent, body.series)),
      ...(await tagsIssues(db, body.series, body.tags)),
    );
  }
  throwIfAny(issues);
  return guardVersion(() =>
    db.transaction(async (tx) => {
      const id = await insertRelease(
        tx,
        {
          series: release.series,
          version: release.version,
          stage: release.stage,
          stage_number: release.stage_number ?? 0,
          parent: release.parent ?? null,
          is_draft: release.is_draft,
          is_public: release.is_public,
          user_id: viewer.id,
          // Agents deploy what is published; a draft waits for its publication.
          deploy_requested_at: release.is_draft ? null : new Date(),
        },
        release.tags,
        release.descriptions,
      );
      // Release e-mails (issue 15), queued with the publication.
      await queueReleaseMails(tx, id);
      await queueReleaseWebhooks(tx, id);
      await recordAudit(tx, {
        actorId: viewer.id,
        action: 'release.create',
        objectType: 'release',
        objectId: id,
        after: {
          ...auditedFields({ ...release, stage_number: release.stage_number ?? 0 }),
          tags: release.tags,
        },
      });
      return id;
    }),
  );
}

type Field = 'parent' | 'version' | 'stage' | 'stage_number' | 'is_draft' | 'is_public';
const FIELDS: Field[] = ['parent', 'version', 'stage', 'stage_number', 'is_draft', 'is_public'];

const tagKey = (tags: ReleaseTag[]) =>
  JSON.stringify(
    tags.map((t) => [t.repository_name, t.tag_name]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );

/**
 * Spec §4: a draft is changed in place; a release that has been published (deployed) is removed and
 * created again as a new release with the merged fields and the same descriptions. Answers the id of the
 * release that now stands.
 */
export async function updateRelease(
  db: Db,
  viewer: Viewer,
  id: number,
  body: ReleaseUpdate,
): Promise<number> {
  const row = await changeableRelease(db, viewer, id);
  const currentTags = await listReleaseTags(db, id);
  const changed: Partial<Pick<NewReleaseRow, Field>> = {};
  for (const field of FIELDS) {
    const value = body[field];
    if (value !== undefined && value !== row[field]) Object.assign(changed, { [field]: value });
  }
  const tags = body.tags !== undefined && tagKey(body.tags) !== tagKey(currentTags) ? body.tags : undefined;
  const redeploy = body.redeploy === true;
  const published = !row.is_draft;
  if (Object.keys(changed).length === 0 && !tags && !(redeploy && published)) {
    throw invalid(['body'], NO_CHANGES);
  }

  const merged = { ...row, ...changed };
  const issues = [];
  if (changed.version !== undefined || changed.stage !== undefined) {
    issues.push(...(await versionIssues(db, merged, id)));
  }
  if ('parent' in changed) issues.push(...(await parentIssues(db, merged.parent, row.series, id)));
  if (tags) issues.push(...(await tagsIssues(db, row.series, tags)));
  throwIfAny(issues);

  const deployNow = redeploy || (changed.is_draft === false && row.is_draft);
  // A redeploy alone changes nothing in the release itself: it stays, with a new deploy request.
  const onlyRedeploy = Object.keys(changed).length === 0 && !tags;
  if (!published || onlyRedeploy) {
    await guardVersion(() =>
      db.transaction(async (tx) => {
        await updateReleaseRow(tx, id, {
          ...changed,
          ...(deployNow ? { deploy_requested_at: new Date() } : {}),
        });
        if (tags) await replaceReleaseTags(tx, id, tags);
        await queueReleaseMails(tx, id, row);
        await queueReleaseWebhooks(tx, id, row);
        await recordAudit(
          tx,
          updateAudit(viewer, row, changed, { was: currentTags, now: tags }, { was: id, now: id }, redeploy),
        );
      }),
    );
    return id;
  }

  return guardVersion(() =>
    db.transaction(async (tx) => {
      if (!(await markReleaseRemoved(tx, id))) throw notFound('Release not found');
      const descriptions = await listReleaseDescriptions(tx, id);
      const newId = await insertRelease(
        tx,
        {
          series: row.series,
          version: merged.version,
          stage: merged.stage,
          stage_number: merged.stage_number,
          parent: merged.parent,
          is_draft: merged.is_draft,
          is_public: merged.is_public,
          user_id: row.user_id,
          // Issue 17: the release keeps its date; only its deploy request is new.
          created_at: row.created_at,
          deploy_requested_at: merged.is_draft ? null : new Date(),
        },
        tags ?? currentTags,
        descriptions,
      );
      // Issue 17: builds (and child releases) follow the release to its new id, in this transaction.
      await followRecreatedRelease(tx, id, { id: newId, version: merged.version, stage: merged.stage });
      await carryOverReleaseMails(tx, id, newId);
      await queueReleaseMails(tx, newId, row);
      await queueReleaseWebhooks(tx, newId, row);
      await recordAudit(
        tx,
        updateAudit(viewer, row, changed, { was: currentTags, now: tags }, { was: id, now: newId }, redeploy),
      );
      return newId;
    }),
  );
}

export async function updateReleaseDescriptions(
  db: Db,
  viewer: Viewer,
  id: number,
  descriptions: ReleaseCreate['descriptions'],
): Promise<void> {
  await changeableRelease(db, viewer, id);
  throwIfAny(await descriptionsIssues(db, descriptions, false));
  await db.transaction(async (tx) => {
    const text = (list: { language: string; description: string }[]) =>
      Object.fromEntries(list.map((d) => [d.language, d.description]));
    const was = text(await listReleaseDescriptions(tx, id));
    await upsertReleaseDescriptions(tx, id, descriptions);
    const diff = changedFields(was, text(await listReleaseDescriptions(tx, id)));
    const removed = descriptions.filter((d) => d.description.trim() === '' && d.language in was);
    for (const d of removed) {
      diff.before[d.language] = was[d.language];
      diff.after[d.language] = null;
    }
    if (Object.keys(diff.before).length === 0) return;
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'release.update',
      objectType: 'release',
      objectId: id,
      before: { descriptions: diff.before },
      after: { descriptions: diff.after },
    });
  });
}

export async function removeRelease(db: Db, viewer: Viewer, id: number): Promise<void> {
  const row = await changeableRelease(db, viewer, id);
  // Agents drop a removed release from what they hold when they next look (their own issue).
  await db.transaction(async (tx) => {
    if (!(await markReleaseRemoved(tx, id))) throw notFound('Release not found');
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'release.remove',
      objectType: 'release',
      objectId: id,
      before: { ...auditedFields(row), is_removed: false },
      after: { is_removed: true },
    });
  });
}
