// The release form's values and the request bodies made from them (spec §7 Releases), plus the mapping of a
// 422 answer's fields back onto the form.

import { DEFAULT_LANGUAGE } from '../../../contract/constants';
import type { ReleaseStage } from '../../../contract/statuses';
import type { Release, ReleaseCreateBody, ReleaseDescription, ReleasePatch, ReleaseTag } from './types';

/** Tags and descriptions are keyed by repository and by language: one input each. */
export interface ReleaseFormValues {
  series: string;
  version: string;
  stage: ReleaseStage | '';
  stage_number: number | null;
  parent: number | '' | null;
  tags: Record<string, string>;
  descriptions: Record<string, string>;
  redeploy: boolean;
}

/** 'save to draft' keeps a release to admins; 'publish' makes it public. */
export type Intent = 'draft' | 'publish';

export const EMPTY_RELEASE_FORM: ReleaseFormValues = {
  series: '',
  version: '',
  stage: '',
  stage_number: 0,
  parent: '',
  tags: {},
  descriptions: {},
  redeploy: false,
};

export function toFormValues(release: Release): ReleaseFormValues {
  return {
    series: release.series,
    version: release.version,
    stage: release.stage,
    stage_number: release.stage_number,
    parent: release.parent ?? '',
    tags: Object.fromEntries(release.tags.map((t) => [t.repository_name, t.tag_name])),
    descriptions: Object.fromEntries(release.descriptions.map((d) => [d.language, d.description])),
    redeploy: false,
  };
}

export const intentFlags = (intent: Intent) =>
  intent === 'draft' ? { is_draft: true, is_public: false } : { is_draft: false, is_public: true };

/** The chosen tags, one per repository, leaving out repositories with none chosen. */
export const toTags = (tags: Record<string, string>): ReleaseTag[] =>
  Object.entries(tags ?? {})
    .filter(([, tag]) => Boolean(tag))
    .map(([repository_name, tag_name]) => ({ repository_name, tag_name }));

/** The descriptions with text, trimmed. */
export const toDescriptions = (descriptions: Record<string, string>): ReleaseDescription[] =>
  Object.entries(descriptions ?? {})
    .map(([language, text]) => ({ language, description: (text ?? '').trim() }))
    .filter((d) => d.description !== '');

const toParent = (parent: ReleaseFormValues['parent']) =>
  parent === '' || parent === null || parent === undefined ? null : Number(parent);

export function toCreateBody(values: ReleaseFormValues, intent: Intent): ReleaseCreateBody {
  return {
    series: values.series,
    version: values.version.trim(),
    stage: values.stage as ReleaseStage,
    stage_number: values.stage_number ?? 0,
    parent: toParent(values.parent),
    tags: toTags(values.tags),
    descriptions: toDescriptions(values.descriptions),
    ...intentFlags(intent),
  };
}

const sameTags = (a: ReleaseTag[], b: ReleaseTag[]) => {
  const key = (tags: ReleaseTag[]) =>
    tags
      .map((t) => `${t.repository_name}\u0000${t.tag_name}`)
      .sort()
      .join('\n');
  return key(a) === key(b);
};

const sameDescriptions = (a: ReleaseDescription[], b: ReleaseDescription[]) => {
  const key = (list: ReleaseDescription[]) =>
    JSON.stringify(
      list
        .map((d) => [d.language, d.description.trim()])
        .filter(([, text]) => text)
        .sort(),
    );
  return key(a) === key(b);
};

export interface ReleaseChanges {
  /** PATCH /admin/releases/{id}: only what changed (and redeploy when asked for). */
  patch: ReleasePatch;
  /** PATCH /admin/releases/{id}/descriptions, when the descriptions changed. */
  descriptions?: ReleaseDescription[];
}

/** What an edit changes; both empty means 'no changes made, nothing to submit'. */
export function releaseChanges(values: ReleaseFormValues, release: Release, intent: Intent): ReleaseChanges {
  const next = toCreateBody(values, intent);
  const patch: ReleasePatch = {};
  if (next.version !== release.version) patch.version = next.version;
  if (next.stage !== release.stage) patch.stage = next.stage;
  if (next.stage_number !== release.stage_number) patch.stage_number = next.stage_number;
  if (next.parent !== (release.parent ?? null)) patch.parent = next.parent;
  if (!sameTags(next.tags, release.tags)) patch.tags = next.tags;
  if (next.is_draft !== release.is_draft) patch.is_draft = next.is_draft;
  if (next.is_public !== release.is_public) patch.is_public = next.is_public;
  if (values.redeploy) patch.redeploy = true;
  const descriptions = sameDescriptions(next.descriptions, release.descriptions)
    ? undefined
    : next.descriptions;
  return { patch, descriptions };
}

export const hasChanges = ({ patch, descriptions }: ReleaseChanges) =>
  Object.keys(patch).length > 0 || descriptions !== undefined;

const FORM_FIELDS = new Set(['series', 'version', 'stage', 'stage_number', 'parent']);

/**
 * The messages of a 422 answer placed on the form's inputs: body.version → version; body.tags[i].tag_name →
 * tags, prefixed with that tag's repository; body.descriptions[i] → that language's description (the default
 * language when no entry is named, e.g. when it is missing). Other errors have no input: the toasts show them.
 */
export function fieldErrors(
  error: unknown,
  sent: { tags?: ReleaseTag[]; descriptions?: ReleaseDescription[] },
): Record<string, string> {
  const detail = (error as { body?: { detail?: unknown } } | undefined)?.body?.detail;
  if (!Array.isArray(detail)) return {};
  const errors: Record<string, string> = {};
  for (const entry of detail as { loc?: unknown[]; msg?: unknown }[]) {
    const loc = Array.isArray(entry?.loc) ? entry.loc.slice(entry.loc[0] === 'body' ? 1 : 0) : [];
    const [field, index] = loc;
    const msg = String(entry?.msg ?? '');
    let name: string | undefined;
    let message = msg;
    if (field === 'tags') {
      name = 'tags';
      const repository = typeof index === 'number' ? sent.tags?.[index]?.repository_name : undefined;
      if (repository) message = `${repository}: ${msg}`;
    } else if (field === 'descriptions') {
      const language = typeof index === 'number' ? sent.descriptions?.[index]?.language : undefined;
      name = `descriptions.${language ?? DEFAULT_LANGUAGE}`;
    } else if (typeof field === 'string' && FORM_FIELDS.has(field)) {
      name = field;
    }
    if (name && !errors[name]) errors[name] = message;
  }
  return errors;
}
