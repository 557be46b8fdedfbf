import { describe, expect, it } from 'vitest';
import {
  countBySeries,
  descriptionFor,
  hasNewerVersion,
  lastPrereleaseIds,
  stageClass,
  visibleReleases,
} from './releaseRules';
import { aRelease } from './test/fixtures';

describe('stageClass', () => {
  it('puts dev in dev, alpha/beta/rc in test, stable in stable and prerelease in none', () => {
    expect(stageClass('dev')).toBe('dev');
    expect(['alpha', 'beta', 'rc'].map((s) => stageClass(s as 'alpha'))).toEqual(['test', 'test', 'test']);
    expect(stageClass('stable')).toBe('stable');
    expect(stageClass('prerelease')).toBeUndefined();
  });
});

describe('hasNewerVersion', () => {
  it('is true when a stable release with a higher id exists in the same series', () => {
    const old = aRelease({ id: 1, stage: 'stable' });
    const newer = aRelease({ id: 2, stage: 'stable' });
    expect(hasNewerVersion(old, [old, newer])).toBe(true);
    expect(hasNewerVersion(newer, [old, newer])).toBe(false);
  });

  it('treats alpha, beta and rc as one test class', () => {
    const alpha = aRelease({ id: 10, stage: 'alpha' });
    const rc = aRelease({ id: 11, stage: 'rc' });
    expect(hasNewerVersion(alpha, [alpha, rc])).toBe(true);
    expect(hasNewerVersion(rc, [alpha, rc])).toBe(false);
  });

  it('does not cross classes or series', () => {
    const stable = aRelease({ id: 20, stage: 'stable' });
    const beta = aRelease({ id: 21, stage: 'beta' });
    const otherSeries = aRelease({ id: 22, stage: 'stable', series: 'x21' });
    const all = [stable, beta, otherSeries];
    expect(hasNewerVersion(stable, all)).toBe(false);
    expect(hasNewerVersion(beta, all)).toBe(false);
  });

  it('never marks dev and prerelease releases', () => {
    const dev = aRelease({ id: 30, stage: 'dev' });
    const pre = aRelease({ id: 31, stage: 'prerelease' });
    const all = [dev, pre, aRelease({ id: 32, stage: 'dev' }), aRelease({ id: 33, stage: 'prerelease' })];
    expect(hasNewerVersion(dev, all)).toBe(false);
    expect(hasNewerVersion(pre, all)).toBe(false);
  });

  it('ignores newer drafts and removed releases: they are not available', () => {
    const current = aRelease({ id: 40 });
    const draft = aRelease({ id: 41, is_draft: true, is_public: false });
    const removed = aRelease({ id: 42, is_removed: true });
    expect(hasNewerVersion(current, [current, draft, removed])).toBe(false);
  });
});

describe('lastPrereleaseIds', () => {
  it('names the newest prerelease of each series that is not removed', () => {
    const all = [
      aRelease({ id: 50, stage: 'prerelease' }),
      aRelease({ id: 51, stage: 'prerelease' }),
      aRelease({ id: 52, stage: 'prerelease', is_removed: true }),
      aRelease({ id: 53, stage: 'prerelease', series: 'x21' }),
      aRelease({ id: 54, stage: 'stable' }),
    ];
    expect([...lastPrereleaseIds(all)].sort()).toEqual([51, 53]);
  });
});

describe('visibleReleases and countBySeries', () => {
  const all = [
    aRelease({ series: 'x19' }),
    aRelease({ series: 'x19' }),
    aRelease({ series: 'x17' }),
    aRelease({ series: 't2t' }),
    aRelease({ series: 'l7' }),
  ];

  it('hides x17 and t2t from non-admins and blocked series from everyone', () => {
    expect(visibleReleases(all, false).map((r) => r.series)).toEqual(['x19', 'x19', 'l7']);
    expect(visibleReleases(all, true, ['l7']).map((r) => r.series)).toEqual(['x19', 'x19', 'x17', 't2t']);
  });

  it('counts per series', () => {
    expect(countBySeries(all)).toEqual({ x19: 2, x17: 1, t2t: 1, l7: 1 });
  });
});

describe('descriptionFor', () => {
  const release = {
    descriptions: [
      { language: 'en', description: 'Fixes' },
      { language: 'ru', description: 'Исправления' },
    ],
  };

  it('reads the user language, falling back to English', () => {
    expect(descriptionFor(release, 'ru')).toBe('Исправления');
    expect(descriptionFor(release, 'de')).toBe('Fixes');
    expect(descriptionFor({ descriptions: [{ language: 'ru', description: 'Только' }] }, 'en')).toBe(
      'Только',
    );
    expect(descriptionFor({ descriptions: [] }, 'en')).toBe('');
  });
});
