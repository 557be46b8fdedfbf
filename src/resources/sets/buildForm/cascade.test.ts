import { describe, expect, it } from 'vitest';
import {
  installTypeChoices,
  modelChoices,
  platformChoices,
  reconcile,
  releaseChoices,
  seriesChoices,
  subsetsWithReleases,
} from './cascade';
import { catalogue, releases } from './test/fixtures';

const blank = {
  series: '',
  model: '',
  platform: '',
  installType: '',
  subset: 'stable' as const,
  release: null,
};

describe('the catalogue cascade', () => {
  it('offers series that are not blocked, hiding x17 from non-admins', () => {
    expect(seriesChoices(catalogue, false)).toEqual(['x19', 'x21']);
    expect(seriesChoices(catalogue, true)).toEqual(['x19', 'x21', 'x17']);
  });

  it('offers the models of the series, without blocked ones', () => {
    expect(modelChoices(catalogue, 'x19')).toEqual(['S19', 'S19 Pro']);
    expect(modelChoices(catalogue, 'l7')).toEqual([]);
    expect(modelChoices(catalogue, '')).toEqual([]);
  });

  it('offers the platforms and install types of existing combinations only', () => {
    expect(platformChoices(catalogue, 'x19', 'S19')).toEqual(['amlogic', 'cvitek']);
    expect(installTypeChoices(catalogue, 'x19', 'S19', 'amlogic')).toEqual(['sd', 'nand']);
    expect(installTypeChoices(catalogue, 'x19', 'S19', 'cvitek')).toEqual(['sd']);
    expect(installTypeChoices(catalogue, 'x19', 'S19', '')).toEqual([]);
  });

  it('offers the releases of the series and subset, newest first, never removed ones', () => {
    expect(releaseChoices(releases, 'x19', 'stable').map((r) => r.id)).toEqual([3, 2, 1]);
    expect(releaseChoices(releases, 'x19', 'test').map((r) => r.id)).toEqual([4]);
    expect(releaseChoices(releases, 'x19', 'dev').map((r) => r.id)).toEqual([5]);
    expect([...subsetsWithReleases(releases, 'x21')]).toEqual(['stable']);
  });

  it('picks the only choice and the newest release', () => {
    expect(reconcile({ ...blank, series: 'x21' }, catalogue, releases, false)).toEqual({
      model: 'S21',
      platform: 'cvitek',
      installType: 'sd',
      release: 7,
    });
    expect(reconcile({ ...blank, series: 'x19', model: 'S19 Pro' }, catalogue, releases, false)).toEqual({
      platform: 'xilinx',
      installType: 'upgrade',
      release: 3,
    });
  });

  it('clears what a new series or model makes impossible', () => {
    const chosen = {
      ...blank,
      series: 'x19',
      model: 'S19',
      platform: 'amlogic',
      installType: 'nand',
      release: 2,
    };
    expect(reconcile(chosen, catalogue, releases, false)).toEqual({});
    expect(reconcile({ ...chosen, model: 'S19 Pro' }, catalogue, releases, false)).toEqual({
      platform: 'xilinx',
      installType: 'upgrade',
    });
    expect(reconcile({ ...chosen, platform: 'cvitek' }, catalogue, releases, false)).toEqual({
      installType: 'sd',
    });
    expect(reconcile({ ...chosen, subset: 'test' }, catalogue, releases, false)).toEqual({ release: 4 });
    expect(reconcile({ ...chosen, series: 'x17' }, catalogue, releases, false)).toEqual({
      series: '',
      model: '',
      platform: '',
      installType: '',
      release: null,
    });
  });
});
