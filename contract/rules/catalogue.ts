// Firmware catalogue rules (spec §3 "Derived rules", §6 series visibility). Pure functions over the catalogue
// lists the server returns from /client/firmware/{series,models,platform,install_type,model-platform-install_type}.
import { HIDDEN_SERIES } from '../constants';
import type { Combination as ApiCombination, MinerModel, Series } from '../schemas/catalogue-schemas';

export type { InstallType, MinerModel, Platform, Series } from '../schemas/catalogue-schemas';

/** One row of model-platform-install_type; `series` is added from the miner models. */
export type Combination = ApiCombination & { series?: string };

export interface CombinationFilter {
  series?: string;
  platform?: string;
  /** An empty list counts as "not given". */
  models?: readonly string[];
  /** An empty list counts as "not given". */
  installTypes?: readonly string[];
}

/** Series keyed by name. */
export function seriesByName<T extends Series>(series: readonly T[]): Record<string, T> {
  return Object.fromEntries(series.map((s) => [s.name, s]));
}

/** The combination key: model-platform-install_type joined with hyphens. */
export function combinationKey(
  combination: Pick<Combination, 'model' | 'platform' | 'install_type'>,
): string {
  return `${combination.model}-${combination.platform}-${combination.install_type}`;
}

/** Names of the series with is_blocked true. */
export function blockedSeries(series: readonly Series[]): string[] {
  return series.filter((s) => s.is_blocked).map((s) => s.name);
}

/** Names of the models that belong to a blocked series. */
export function blockedModels(models: readonly MinerModel[], series: readonly Series[]): string[] {
  const blocked = new Set(blockedSeries(series));
  return models.filter((m) => blocked.has(m.series)).map((m) => m.name);
}

/** Adds each combination's series, taken from the miner models collection. */
export function withSeries(
  combinations: readonly Combination[],
  models: readonly MinerModel[],
): Combination[] {
  const seriesOfModel = new Map(models.map((m) => [m.name, m.series]));
  return combinations.map((c) => ({ ...c, series: seriesOfModel.get(c.model) ?? c.series }));
}

/** Combinations that match every filter given. */
export function filterCombinations(
  combinations: readonly Combination[],
  { series, platform, models, installTypes }: CombinationFilter,
): Combination[] {
  return combinations.filter(
    (c) =>
      (series === undefined || c.series === series) &&
      (platform === undefined || c.platform === platform) &&
      (!models?.length || models.includes(c.model)) &&
      (!installTypes?.length || installTypes.includes(c.install_type)),
  );
}

/** Whether a series is hidden from this viewer: x17 and t2t are for admins only. */
export function isHiddenSeries(name: string, isAdmin: boolean): boolean {
  return !isAdmin && (HIDDEN_SERIES as readonly string[]).includes(name);
}

/** The series a viewer may pick: not blocked, and not hidden from non-admins. */
export function availableSeries<T extends Series>(series: readonly T[], isAdmin: boolean): T[] {
  return series.filter((s) => !s.is_blocked && !isHiddenSeries(s.name, isAdmin));
}
