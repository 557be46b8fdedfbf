// series → model → platform → install type, constrained by the catalogue's combinations (spec §3 Derived rules),
// then subset → release. `reconcile` says which fields must change after any edit: a choice that is no longer
// possible is cleared, and a field with exactly one possible choice takes it.

import {
  availableSeries,
  type Combination,
  filterCombinations,
  type MinerModel,
  type Series,
  withSeries,
} from '../../../../contract/rules/catalogue';
import type { ReleaseStage } from '../../../../contract/statuses';
import { stageGroup } from '../../builds/buildRules';
import type { BuildFormValues, Subset } from './types';

export interface CatalogueData {
  series: readonly Series[];
  models: readonly MinerModel[];
  combinations: readonly Combination[];
}

export interface ReleaseChoice {
  id: number;
  series: string;
  version: string;
  stage: ReleaseStage;
  stage_number?: number;
  is_draft?: boolean;
  is_removed?: boolean;
}

const unique = (values: string[]) => [...new Set(values)];

/** The series the viewer may build for: not blocked, x17 and t2t for admins only, with a model to build. */
export function seriesChoices(catalogue: CatalogueData, isAdmin: boolean): string[] {
  const withModels = new Set(modelsOf(catalogue, undefined).map((m) => m.series));
  return availableSeries(catalogue.series, isAdmin)
    .map((s) => s.name)
    .filter((name) => withModels.has(name));
}

/** Models that are not blocked (neither themselves nor their series) and have at least one combination. */
function modelsOf(catalogue: CatalogueData, series: string | undefined): MinerModel[] {
  const blockedSeries = new Set(catalogue.series.filter((s) => s.is_blocked).map((s) => s.name));
  const combined = new Set(catalogue.combinations.map((c) => c.model));
  return catalogue.models.filter(
    (m) =>
      (series === undefined || m.series === series) &&
      !m.is_blocked &&
      !blockedSeries.has(m.series) &&
      combined.has(m.name),
  );
}

export function modelChoices(catalogue: CatalogueData, series: string): string[] {
  return series ? modelsOf(catalogue, series).map((m) => m.name) : [];
}

const combinationsOf = (catalogue: CatalogueData, series: string, model: string) =>
  filterCombinations(withSeries(catalogue.combinations, catalogue.models), { series, models: [model] });

export function platformChoices(catalogue: CatalogueData, series: string, model: string): string[] {
  if (!series || !model) return [];
  return unique(combinationsOf(catalogue, series, model).map((c) => c.platform));
}

export function installTypeChoices(
  catalogue: CatalogueData,
  series: string,
  model: string,
  platform: string,
): string[] {
  if (!series || !model || !platform) return [];
  return unique(
    combinationsOf(catalogue, series, model)
      .filter((c) => c.platform === platform)
      .map((c) => c.install_type),
  );
}

/** The subset a release belongs to: dev; test (alpha, beta, rc); stable (stable and prerelease). */
export const subsetOf = (stage: ReleaseStage): Subset => stageGroup(stage);

/** The releases of the series and subset, newest first (removed ones never). */
export function releaseChoices<R extends ReleaseChoice>(
  releases: readonly R[],
  series: string,
  subset: Subset,
): R[] {
  return releases
    .filter((r) => r.series === series && !r.is_removed && subsetOf(r.stage) === subset)
    .sort((a, b) => b.id - a.id);
}

/** The subsets that have a release of the series (the others are shown disabled). */
export function subsetsWithReleases(releases: readonly ReleaseChoice[], series: string): Set<Subset> {
  return new Set(releases.filter((r) => r.series === series && !r.is_removed).map((r) => subsetOf(r.stage)));
}

export type CascadeFields = Pick<
  BuildFormValues,
  'series' | 'model' | 'platform' | 'installType' | 'subset' | 'release'
>;

/** The fields that must change so every choice is possible; an empty object when all are consistent. */
export function reconcile(
  values: CascadeFields,
  catalogue: CatalogueData,
  releases: readonly ReleaseChoice[],
  isAdmin: boolean,
): Partial<CascadeFields> {
  const next: CascadeFields = { ...values };
  const settle = <K extends 'series' | 'model' | 'platform' | 'installType'>(field: K, choices: string[]) => {
    if (next[field] && !choices.includes(next[field])) next[field] = '';
    if (!next[field] && choices.length === 1) next[field] = choices[0];
  };
  settle('series', seriesChoices(catalogue, isAdmin));
  settle('model', modelChoices(catalogue, next.series));
  settle('platform', platformChoices(catalogue, next.series, next.model));
  settle('installType', installTypeChoices(catalogue, next.series, next.model, next.platform));

  const inSubset = releaseChoices(releases, next.series, next.subset);
  if (next.release !== null && !inSubset.some((r) => r.id === next.release)) next.release = null;
  if (next.release === null && inSubset.length > 0) next.release = inSubset[0].id;

  const patch: Partial<CascadeFields> = {};
  for (const key of Object.keys(next) as (keyof CascadeFields)[]) {
    if (next[key] !== values[key]) (patch as Record<string, unknown>)[key] = next[key];
  }
  return patch;
}

/** The series of a model ('' when the catalogue does not know it). */
export const seriesOfModel = (catalogue: CatalogueData, model: string): string =>
  catalogue.models.find((m) => m.name === model)?.series ?? '';
