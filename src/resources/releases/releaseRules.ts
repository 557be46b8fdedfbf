// Release rules of spec §4 and §6 as pure functions over the list GET /client/releases returns.

import { DEFAULT_LANGUAGE } from '../../../contract/constants';
import { isHiddenSeries } from '../../../contract/rules/catalogue';
import type { ReleaseStage } from '../../../contract/statuses';
import type { Release } from './types';

export type StageClass = 'dev' | 'test' | 'stable';

const STAGE_CLASS: Record<ReleaseStage, StageClass | undefined> = {
  dev: 'dev',
  alpha: 'test',
  beta: 'test',
  rc: 'test',
  prerelease: undefined,
  stable: 'stable',
};

/** dev counts as dev; alpha, beta and rc as test; stable as stable; prerelease has a class of its own (none here). */
export const stageClass = (stage: ReleaseStage): StageClass | undefined => STAGE_CLASS[stage];

/** Whether a release is one a user could move to: published and not removed. */
const isAvailable = (release: Release) => !release.is_draft && !release.is_removed;

/**
 * Spec §4: a release has a newer version if a release with a higher id exists in the same series, in the same
 * class, for the stable and test classes only. Drafts and removed releases are not "available", so they do not
 * count as newer versions.
 */
export function hasNewerVersion(release: Release, all: readonly Release[]): boolean {
  const cls = stageClass(release.stage);
  if (cls !== 'stable' && cls !== 'test') return false;
  return all.some(
    (other) =>
      other.id > release.id &&
      other.series === release.series &&
      stageClass(other.stage) === cls &&
      isAvailable(other),
  );
}

/** The ids of the newest (highest id) prerelease of each series that is not removed. */
export function lastPrereleaseIds(all: readonly Release[]): Set<number> {
  const newest = new Map<string, number>();
  for (const release of all) {
    if (release.stage !== 'prerelease' || release.is_removed) continue;
    newest.set(release.series, Math.max(newest.get(release.series) ?? -Infinity, release.id));
  }
  return new Set(newest.values());
}

/** The releases of the series a viewer may see: x17 and t2t are for admins only, blocked series for nobody. */
export function visibleReleases(
  all: readonly Release[],
  isAdmin: boolean,
  blocked: readonly string[] = [],
): Release[] {
  return all.filter((r) => !isHiddenSeries(r.series, isAdmin) && !blocked.includes(r.series));
}

/** Release counts per series, for the radio filter. */
export function countBySeries(all: readonly Release[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const release of all) counts[release.series] = (counts[release.series] ?? 0) + 1;
  return counts;
}

/** The description in the user's language, else in the default language, else the first one. */
export function descriptionFor(release: Pick<Release, 'descriptions'>, language: string): string {
  const descriptions = release.descriptions ?? [];
  const pick = (lang: string) => descriptions.find((d) => d.language === lang && d.description.trim());
  return (
    (pick(language) ?? pick(DEFAULT_LANGUAGE) ?? descriptions.find((d) => d.description.trim()))
      ?.description ?? ''
  );
}
