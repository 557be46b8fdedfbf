import { describe, expect, it } from 'vitest';
import { build, catalogue, set } from '../sets/buildForm/test/fixtures';
import type { Build } from '../sets/types';
import {
  downloadUrl,
  formatBytes,
  groupByStage,
  hasActiveBuilds,
  missingModels,
  setCounters,
  sharedLinkUrl,
  stageGroup,
} from './buildRules';

const b = (id: number, extra: Partial<Build>): Build => ({ ...build, id, ...extra });

describe('stage groups', () => {
  it('puts dev alone, alpha, beta and rc in test, stable with prerelease', () => {
    expect(stageGroup('dev')).toBe('dev');
    expect(['alpha', 'beta', 'rc'].map((s) => stageGroup(s as Build['stage']))).toEqual([
      'test',
      'test',
      'test',
    ]);
    expect(stageGroup('prerelease')).toBe('stable');
    expect(stageGroup('stable')).toBe('stable');
  });

  it('lists the groups with builds, stable first, keeping the order of the builds', () => {
    const builds = [
      b(1, { stage: 'dev' }),
      b(2, { stage: 'rc' }),
      b(3, { stage: 'stable' }),
      b(4, { stage: 'prerelease' }),
    ];
    expect(groupByStage(builds).map((g) => [g.group, g.builds.map((x) => x.id)])).toEqual([
      ['stable', [3, 4]],
      ['test', [2]],
      ['dev', [1]],
    ]);
    expect(groupByStage([])).toEqual([]);
  });
});

describe('missing models', () => {
  it('offers the models of the set’s series without a build, never blocked ones', () => {
    const builds = [b(1, { model: 'S19', series: 'x19' })];
    expect(missingModels(builds, catalogue.models, catalogue.series, false).map((m) => m.name)).toEqual([
      'S19 Pro',
    ]);
  });

  it('lists them in natural order, whatever the catalogue’s order', () => {
    const models = ['S21', 'S19j Pro', 'S9', 'S19 XP', 'S19', 'S19 Pro', 's19a'].reverse().map((name) => ({
      name,
      series: 'x19',
      is_blocked: false,
    }));
    const builds = [b(1, { model: 'S19', series: 'x19' })];
    expect(missingModels(builds, models, catalogue.series, false).map((m) => m.name)).toEqual([
      'S9',
      'S19 Pro',
      'S19 XP',
      's19a',
      'S19j Pro',
      'S21',
    ]);
  });

  it('counts removed builds as missing and ignores hidden or blocked series', () => {
    const builds = [
      b(1, { model: 'S19', series: 'x19', is_removed: true }),
      b(2, { model: 'S17', series: 'x17' }),
      b(3, { model: 'L7', series: 'l7' }),
    ];
    expect(missingModels(builds, catalogue.models, catalogue.series, false)).toEqual([]);
    expect(missingModels(builds, catalogue.models, catalogue.series, true).map((m) => m.name)).toEqual([]);
    expect(
      missingModels(
        [builds[0], b(4, { model: 'S19 Pro', series: 'x19' })],
        catalogue.models,
        catalogue.series,
        false,
      ).map((m) => m.name),
    ).toEqual(['S19']);
  });

  it('has nothing to offer for a set without builds', () => {
    expect(missingModels([], catalogue.models, catalogue.series, true)).toEqual([]);
  });
});

describe('counters', () => {
  it('counts pending, in progress and failed builds, removed ones separately', () => {
    expect(setCounters(set)).toEqual({ pending: 1, in_progress: 0, failed: 0, removed: 0 });
    const builds = [
      b(1, { status: 'pending' }),
      b(2, { status: 'in_progress' }),
      b(3, { status: 'failed' }),
      b(4, { status: 'failed', is_removed: true }),
      b(5, { status: 'done' }),
    ];
    expect(setCounters(set, builds)).toEqual({ pending: 1, in_progress: 1, failed: 1, removed: 1 });
    expect(hasActiveBuilds(builds)).toBe(true);
    expect(hasActiveBuilds([b(6, { status: 'done' })])).toBe(false);
  });
});

describe('links', () => {
  it('builds the shared link of a set and the download link of a build', () => {
    expect(sharedLinkUrl('https://c.example', { name: 'North farm', link_uuid: 'u-1' })).toBe(
      'https://c.example/links/North%20farm?uuid=u-1',
    );
    expect(downloadUrl('https://c.example', 'abc')).toBe('https://c.example/api/files/firmwares/abc');
  });

  it('formats file sizes', () => {
    expect(formatBytes(null)).toBe('—');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    // Issue 37: Russian has its own units and decimal comma.
    expect(formatBytes(1536, 'ru')).toBe('1,5 КБ');
    expect(formatBytes(5 * 1024 * 1024, 'ru')).toBe('5 МБ');
    expect(formatBytes(512, 'ru')).toBe('512 Б');
  });
});
