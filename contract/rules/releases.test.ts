import { describe, expect, it } from 'vitest';
import { englishOf as say } from '../english';
import { releaseChanged } from './releases';

describe('release rules', () => {
  it('a release edit with no changes', () => {
    expect(say(releaseChanged(false))).toBe('no changes made, nothing to submit');
    expect(releaseChanged(true)).toBeUndefined();
  });
});
