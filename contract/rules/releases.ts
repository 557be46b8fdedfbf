// Spec §5 for releases.
import { type Message, validation } from '../messages';
import type { ReleaseStage } from '../statuses';

/** A release edit with no change in it: 'no changes made, nothing to submit'. */
export const releaseChanged = (changed: boolean): Message | undefined =>
  changed ? undefined : validation('no_changes');

/** Semantic Versioning 2.0.0 (semver.org): MAJOR.MINOR.PATCH, an optional pre-release, optional build metadata. */
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*)(?:\.(?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*))*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$/;

/** The pre-release part of a semantic version ('' for none), or undefined when the text is not one. */
export function preReleaseOf(version: string): string | undefined {
  const match = SEMVER.exec(version);
  return match ? (match[4] ?? '') : undefined;
}

/**
 * A release's version is a semantic version whose pre-release part agrees with its stage: a stable release
 * has none (`1.2.0`); any other stage has one whose first identifier is the stage's name (`1.2.0-dev.3`,
 * `1.2.0-alpha.1`, `1.2.0-beta.2`, `1.2.0-rc.1`, `1.2.0-prerelease.1`). Empty versions are left to `required`.
 */
export function releaseVersionIssue(version: unknown, stage: unknown): Message | undefined {
  if (typeof version !== 'string' || version.trim() === '') return undefined;
  const pre = preReleaseOf(version);
  if (pre === undefined) return validation('version_semver');
  if (typeof stage !== 'string' || stage === '') return undefined;
  if (stage === 'stable') return pre === '' ? undefined : validation('version_stable');
  return pre.split('.')[0] === stage
    ? undefined
    : validation('version_stage', { stage: stage as ReleaseStage, example: `1.0.0-${stage}.1` });
}

/**
 * Issue 36: what a build may be made from. A removed release is built from no more (submit, edit, pool
 * edit, rebuild, set rebuild); a build on one is offered its upgrade instead. The server's statements that
 * pick a release (server/releases/buildable-release.ts) hold the same rule in SQL.
 */
export const releaseBuildable = (release: { is_removed: boolean }): Message | undefined =>
  release.is_removed ? validation('release_removed') : undefined;
