import { describe, expect, it } from 'vitest';
import { deepMerge } from './deepMerge';

describe('deepMerge', () => {
  it('merges nested objects, later layers winning, without touching the inputs', () => {
    const base = { ra: { action: { save: 'Save', close: 'Close' } }, list: [1, 2] };
    const merged = deepMerge<Record<string, unknown>>(base, {
      ra: { action: { save: 'Сохранить' } },
      list: [3],
    });
    expect(merged).toEqual({ ra: { action: { save: 'Сохранить', close: 'Close' } }, list: [3] });
    expect(base.ra.action.save).toBe('Save');
  });
});
