// Rules of the Firmwares page as pure functions (spec §4 build status, counters and stage groups).

import type { MinerModel, Series } from '../../../contract/rules/catalogue';
import { availableSeries } from '../../../contract/rules/catalogue';
import type { ReleaseStage } from '../../../contract/statuses';
import { lazyCollator } from '../../i18n/collator';
import type { Build, BuildSet } from '../sets/types';

/** Builds group by stage: stable and prerelease; test (alpha, beta, rc); dev. */
export type StageGroup = 'stable' | 'test' | 'dev';
export const STAGE_GROUPS: readonly StageGroup[] = ['stable', 'test', 'dev'];

const GROUP_OF_STAGE: Record<ReleaseStage, StageGroup> = {
  dev: 'dev',
  alpha: 'test',
  beta: 'test',
  rc: 'test',
  prerelease: 'stable',
  stable: 'stable',
};

export const stageGroup = (stage: ReleaseStage): StageGroup => GROUP_OF_STAGE[stage] ?? 'dev';

/** The builds of each stage group, stable first; groups without builds are left out. Order within is kept. */
export function groupByStage<T extends Pick<Build, 'stage'>>(builds: readonly T[]) {
  return STAGE_GROUPS.map((group) => ({
    group,
    builds: builds.filter((b) => stageGroup(b.stage) === group),
  })).filter((g) => g.builds.length > 0);
}

/** Model names in natural order: S9, S19, S19 Pro, S19j, S21 (numbers by value, case ignored). */
const compareNatural = lazyCollator('en', { numeric: true, sensitivity: 'base' });

/**
 * 'List of missing models': the models of the set's series (the series of its builds) that have no build yet.
 * Blocked models, blocked series and series hidden from the viewer are never offered. In natural order.
 */
export function missingModels(
  builds: readonly Pick<Build, 'model' | 'series' | 'is_removed'>[],
  models: readonly MinerModel[],
  series: readonly Series[],
  isAdmin: boolean,
): MinerModel[] {
  const live = builds.filter((b) => !b.is_removed);
  const allowed = new Set(availableSeries(series, isAdmin).map((s) => s.name));
  const setSeries = new Set(live.map((b) => b.series).filter((s) => allowed.has(s)));
  const built = new Set(live.map((b) => b.model));
  return models
    .filter((m) => setSeries.has(m.series) && !m.is_blocked && !built.has(m.name))
    .sort((a, b) => compareNatural(a.name, b.name));
}

export interface StatusCounters {
  pending: number;
  in_progress: number;
  failed: number;
  removed: number;
}

/** The set's counters, from its builds when they are loaded (they follow polling), else from the set. */
export function setCounters(
  set: BuildSet,
  builds?: readonly Pick<Build, 'status' | 'is_removed'>[],
): StatusCounters {
  if (!builds) {
    return {
      pending: set.count_pending ?? 0,
      in_progress: set.count_in_progress ?? 0,
      failed: set.count_failed ?? 0,
      removed: set.count_removed_firmwares ?? 0,
    };
  }
  const live = builds.filter((b) => !b.is_removed);
  const count = (status: Build['status']) => live.filter((b) => b.status === status).length;
  return {
    pending: count('pending'),
    in_progress: count('in_progress'),
    failed: count('failed'),
    removed: Math.max(builds.length - live.length, set.count_removed_firmwares ?? 0),
  };
}

/** Whether any build of the list is still working (the page then polls). */
export const hasActiveBuilds = (builds: readonly Pick<Build, 'status' | 'is_updating'>[]) =>
  builds.some((b) => b.status === 'pending' || b.status === 'in_progress' || b.is_updating);

/** The public page of a set's files: /links/{group_name}?uuid={link_uuid}. */
export function sharedLinkUrl(origin: string, set: Pick<BuildSet, 'name' | 'link_uuid'>): string {
  return `${origin}/links/${encodeURIComponent(set.name)}?uuid=${encodeURIComponent(set.link_uuid)}`;
}

/** Where a build's file is downloaded, by its uuid. */
export function downloadUrl(origin: string, uuid: string): string {
  return `${origin}/api/files/firmwares/${encodeURIComponent(uuid)}`;
}

/** The byte units and the decimal mark per UI language (issue 37: Russian read 'KB'). */
const UNITS: Record<string, { units: readonly string[]; decimal: string }> = {
  en: { units: ['B', 'KB', 'MB', 'GB'], decimal: '.' },
  ru: { units: ['Б', 'КБ', 'МБ', 'ГБ'], decimal: ',' },
};

/** 1536 → '1.5 KB' (in Russian '1,5 КБ'). */
export function formatBytes(bytes: number | null | undefined, locale = 'en'): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—';
  const { units, decimal } = UNITS[locale] ?? UNITS.en;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits).replace(/\.0$/, '').replace('.', decimal)} ${units[unit]}`;
}
