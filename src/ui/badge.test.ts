import { describe, expect, it } from 'vitest';
import { BADGE_CAPS } from '../../contract/constants';
import { capBadge } from './badge';

describe('capBadge', () => {
  it('shows counts up to the cap as they are', () => {
    expect(capBadge(0, BADGE_CAPS.selectedTasks)).toBe('0');
    expect(capBadge(7, BADGE_CAPS.selectedTasks)).toBe('7');
    expect(capBadge(99, BADGE_CAPS.selectedTasks)).toBe('99');
    expect(capBadge(99999, BADGE_CAPS.myTasks)).toBe('99999');
    expect(capBadge(999999, BADGE_CAPS.allTasks)).toBe('999999');
  });

  it('reads "{cap}+" above each cap of spec §9', () => {
    expect(capBadge(100, BADGE_CAPS.selectedTasks)).toBe('99+');
    expect(capBadge(100000, BADGE_CAPS.myTasks)).toBe('99999+');
    expect(capBadge(1000000, BADGE_CAPS.allTasks)).toBe('999999+');
    expect(capBadge(1000, BADGE_CAPS.sets)).toBe('999+');
  });

  it('reads 0 for nothing, negatives and non-numbers', () => {
    expect(capBadge(undefined, 99)).toBe('0');
    expect(capBadge(null, 99)).toBe('0');
    expect(capBadge(-4, 99)).toBe('0');
    expect(capBadge(Number.NaN, 99)).toBe('0');
  });
});
