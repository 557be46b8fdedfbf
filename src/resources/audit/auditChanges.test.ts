import { describe, expect, it } from 'vitest';
import { changeLines, showValue } from './auditChanges';

describe('changeLines', () => {
  it('flattens nested fields and keeps only what differs', () => {
    expect(
      changeLines(
        { x19: { min_dev_fee: 1, min_total_fee: 2 }, worker: 'same' },
        { x19: { min_dev_fee: 1.5, min_total_fee: 2 }, worker: 'same' },
      ),
    ).toEqual([{ field: 'x19.min_dev_fee', before: '1', after: '1.5' }]);
  });

  it('shows a created object as fields without a before, a removed one without an after', () => {
    expect(changeLines(null, { name: 'agent-1', is_blocked: false })).toEqual([
      { field: 'name', before: null, after: 'agent-1' },
      { field: 'is_blocked', before: null, after: 'false' },
    ]);
    expect(changeLines({ l7: { min_dev_fee: 2 } }, { l7: null })).toEqual([
      { field: 'l7.min_dev_fee', before: '2', after: null },
    ]);
  });

  it('shows lists joined and objects in lists as JSON', () => {
    expect(showValue(['a', 'b'])).toBe('a, b');
    expect(showValue([{ url: 'x' }])).toBe('{"url":"x"}');
    expect(showValue(undefined)).toBeNull();
  });
});
