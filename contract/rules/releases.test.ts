import { describe, expect, it } from 'vitest';
import { englishOf as say } from '../english';
import { preReleaseOf, releaseBuildable, releaseChanged, releaseVersionIssue } from './releases';

describe('release rules', () => {
  it('a removed release is built from no more (issue 36)', () => {
    expect(say(releaseBuildable({ is_removed: true }))).toBe(
      'This release was removed: upgrade to a newer release',
    );
    expect(releaseBuildable({ is_removed: false })).toBeUndefined();
  });

  it('a release edit with no changes', () => {
    expect(say(releaseChanged(false))).toBe('no changes made, nothing to submit');
    expect(releaseChanged(true)).toBeUndefined();
  });

  it('a version is a semantic version (semver 2.0)', () => {
    for (const bad of [
      'banana',
      '1',
      '1.2',
      '1.2.3.4',
      '01.2.3',
      '1.2.3-',
      '1.2.3-01',
      'v1.2.3',
      '1.0 beta',
    ]) {
      expect(say(releaseVersionIssue(bad, 'stable')), bad).toBe(
        'Version must be a semantic version, such as 1.2.0 or 1.2.0-beta.1',
      );
    }
    expect(preReleaseOf('1.2.3-rc.1+build.5')).toBe('rc.1');
    expect(preReleaseOf('1.2.3+build.5')).toBe('');
  });

  it("a version's pre-release part agrees with the stage", () => {
    expect(releaseVersionIssue('1.2.0', 'stable')).toBeUndefined();
    expect(releaseVersionIssue('1.2.0+20250101', 'stable')).toBeUndefined();
    expect(say(releaseVersionIssue('1.2.0-rc.1', 'stable'))).toBe(
      'A stable version has no pre-release part, such as 1.2.0',
    );
    expect(releaseVersionIssue('1.2.0-rc.1', 'rc')).toBeUndefined();
    expect(releaseVersionIssue('1.1.0-dev.1', 'dev')).toBeUndefined();
    expect(releaseVersionIssue('1.1.0-alpha', 'alpha')).toBeUndefined();
    expect(releaseVersionIssue('1.1.0-prerelease.2', 'prerelease')).toBeUndefined();
    expect(say(releaseVersionIssue('1.2.0', 'beta'))).toBe(
      'A beta version has a pre-release part starting with beta, such as 1.0.0-beta.1',
    );
    expect(say(releaseVersionIssue('1.2.0-alpha.1', 'beta'))).toBe(
      'A beta version has a pre-release part starting with beta, such as 1.0.0-beta.1',
    );
  });

  it('leaves an empty version to the required rule, and checks the format before a stage is chosen', () => {
    expect(releaseVersionIssue('', 'stable')).toBeUndefined();
    expect(releaseVersionIssue('1.2.0-beta.1', '')).toBeUndefined();
    expect(releaseVersionIssue('banana', '')).toBeDefined();
  });
});
