import { describe, expect, it } from 'vitest';
import { FixedWindowLimiter } from './fixed-window-limiter';

describe('FixedWindowLimiter', () => {
  it('allows max hits per window and per key, then starts over', () => {
    let now = 0;
    const limiter = new FixedWindowLimiter({ max: 2, windowMs: 1000 }, () => now);
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('a'), limiter.hit('b')]).toEqual([
      true,
      true,
      false,
      true,
    ]);
    now = 999;
    expect(limiter.hit('a')).toBe(false);
    now = 1000;
    expect(limiter.hit('a')).toBe(true);
    limiter.hit('a');
    limiter.reset('a');
    expect(limiter.hit('a')).toBe(true);
  });
});
