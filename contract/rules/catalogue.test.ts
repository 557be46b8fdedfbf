import { describe, expect, it } from 'vitest';
import {
  availableSeries,
  blockedModels,
  blockedSeries,
  type Combination,
  combinationKey,
  filterCombinations,
  isHiddenSeries,
  seriesByName,
  withSeries,
} from './catalogue';

const series = [
  { name: 'x19', is_blocked: false },
  { name: 'x21', is_blocked: false },
  { name: 'l7', is_blocked: true },
  { name: 'x17', is_blocked: false },
  { name: 't2t', is_blocked: false },
];
const models = [
  { name: 'S19', series: 'x19', is_blocked: false },
  { name: 'S19 Pro', series: 'x19', is_blocked: false },
  { name: 'S21', series: 'x21', is_blocked: false },
  { name: 'L7', series: 'l7', is_blocked: false },
];
const combinations: Combination[] = [
  { model: 'S19', platform: 'cv', install_type: 'sd' },
  { model: 'S19', platform: 'cv', install_type: 'nand' },
  { model: 'S19 Pro', platform: 'bb', install_type: 'sd' },
  { model: 'S21', platform: 'cv', install_type: 'sd' },
  { model: 'L7', platform: 'am', install_type: 'nand' },
];

describe('catalogue', () => {
  it('keys series by name', () => {
    const byName = seriesByName(series);
    expect(Object.keys(byName)).toEqual(['x19', 'x21', 'l7', 'x17', 't2t']);
    expect(byName.l7.is_blocked).toBe(true);
  });

  it('writes a combination as model-platform-install_type', () => {
    expect(combinationKey({ model: 'S19', platform: 'cv', install_type: 'sd' })).toBe('S19-cv-sd');
  });

  it('finds blocked series and the models of blocked series', () => {
    expect(blockedSeries(series)).toEqual(['l7']);
    expect(blockedModels(models, series)).toEqual(['L7']);
    expect(blockedModels(models, [])).toEqual([]);
  });

  it('adds the series of each combination from the models', () => {
    const enriched = withSeries(combinations, models);
    expect(enriched.map((c) => c.series)).toEqual(['x19', 'x19', 'x19', 'x21', 'l7']);
    expect(
      withSeries([{ model: 'Unknown', platform: 'p', install_type: 'i' }], models)[0].series,
    ).toBeUndefined();
  });

  describe('filterCombinations', () => {
    const all = withSeries(combinations, models);
    const keys = (list: Combination[]) => list.map(combinationKey);

    it('returns everything without filters', () => {
      expect(filterCombinations(all, {})).toHaveLength(5);
    });

    it('filters by series and platform', () => {
      expect(keys(filterCombinations(all, { series: 'x19' }))).toEqual([
        'S19-cv-sd',
        'S19-cv-nand',
        'S19 Pro-bb-sd',
      ]);
      expect(keys(filterCombinations(all, { platform: 'cv' }))).toEqual([
        'S19-cv-sd',
        'S19-cv-nand',
        'S21-cv-sd',
      ]);
    });

    it('filters by lists of models and install types', () => {
      expect(keys(filterCombinations(all, { models: ['S19', 'L7'] }))).toEqual([
        'S19-cv-sd',
        'S19-cv-nand',
        'L7-am-nand',
      ]);
      expect(keys(filterCombinations(all, { installTypes: ['nand'] }))).toEqual([
        'S19-cv-nand',
        'L7-am-nand',
      ]);
      expect(filterCombinations(all, { models: [], installTypes: [] })).toHaveLength(5);
    });

    it('requires every given filter to match', () => {
      expect(keys(filterCombinations(all, { series: 'x19', platform: 'cv', installTypes: ['sd'] }))).toEqual([
        'S19-cv-sd',
      ]);
      expect(filterCombinations(all, { series: 'x21', models: ['S19'] })).toEqual([]);
    });
  });

  it('hides x17 and t2t from non-admins and blocked series from everyone', () => {
    expect(isHiddenSeries('x17', false)).toBe(true);
    expect(isHiddenSeries('t2t', false)).toBe(true);
    expect(isHiddenSeries('x17', true)).toBe(false);
    expect(availableSeries(series, false).map((s) => s.name)).toEqual(['x19', 'x21']);
    expect(availableSeries(series, true).map((s) => s.name)).toEqual(['x19', 'x21', 'x17', 't2t']);
  });
});
